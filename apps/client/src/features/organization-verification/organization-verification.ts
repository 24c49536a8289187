import { message, type Organization } from '@okul/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { api } from '../../api/api';
import { errorText, unwrap } from '../../api/client';
import { authKeys } from '../auth/queries';

type Verifiable = Pick<Organization, 'verificationStatus' | 'verificationReason'>;

/**
 * product.md 4: how a personal membership's manual verification reads, for the picker's list and for the
 * owner on /odeme; null when the organisation needs none or is verified.
 */
export function verificationNotice(
  org: Verifiable | null | undefined,
): { status: 'pending' | 'refused'; label: string; title: string; text: string } | null {
  if (org?.verificationStatus === 'pending') {
    return {
      status: 'pending',
      label: 'Doğrulama bekliyor',
      title: 'Üyeliğiniz doğrulama bekliyor',
      text: 'Bireysel üyelikler ödeme öncesinde elle doğrulanır; bu birkaç gün sürer. Doğrulama tamamlandığında size e-posta ile haber vereceğiz, ardından buradan ödeme yapabilirsiniz.',
    };
  }
  if (org?.verificationStatus === 'refused') {
    return {
      status: 'refused',
      label: 'Doğrulama reddedildi',
      title: 'Üyelik başvurunuz onaylanmadı',
      text: message('checkout.verificationRefused', { reason: org.verificationReason ?? '' }),
    };
  }
  return null;
}

/** The two calls of a developer's decision (ours, product.md 4); the organisation lists are read again. */
export function useOrganizationVerification(orgId: string) {
  const queryClient = useQueryClient();
  const done = async (text: string) => {
    await queryClient.refetchQueries({ queryKey: authKeys.organizations() });
    await queryClient.refetchQueries({ queryKey: authKeys.allOrganizations() });
    enqueueSnackbar(text, { variant: 'success' });
  };
  const failed = (error: unknown) =>
    enqueueSnackbar(`Kurum doğrulaması kaydedilemedi: ${errorText(error)}`, { variant: 'error' });
  const approve = useMutation({
    mutationFn: async () => unwrap(await api.post(`/orgs/${orgId}/approveOrganizationVerification`, {})),
    onSuccess: () => done(message('org.verificationApproved')),
    onError: failed,
  });
  const refuse = useMutation({
    mutationFn: async (reason: string) =>
      unwrap(await api.post(`/orgs/${orgId}/refuseOrganizationVerification`, { reason })),
    onSuccess: () => done(message('org.verificationRefused')),
    onError: failed,
  });
  return { approve, refuse, busy: approve.isPending || refuse.isPending };
}
