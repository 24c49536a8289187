import { useMutation, useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { api } from '../../api/api';
import { errorText, unwrap } from '../../api/client';
import { authKeys } from '../auth/queries';

/**
 * product.md 4 and 6: a developer toggles an organisation between open and closed. A closed one keeps its
 * data readable but refuses every change (the server answers 403 Kurum erişime kapatılmış.).
 */
export function organizationAccessChange(org: { deactivated?: boolean | null }): {
  call: 'activateOrganization' | 'deactivateOrganization';
  button: string;
  status: string;
  success: string;
} {
  return org.deactivated
    ? {
        call: 'activateOrganization',
        button: 'Erişime Aç',
        status: 'Erişime kapalı',
        success: 'Kurum erişime açıldı',
      }
    : {
        call: 'deactivateOrganization',
        button: 'Erişime Kapat',
        status: 'Erişime açık',
        success: 'Kurum erişime kapatıldı',
      };
}

/**
 * api.md 7.3 activateOrganization / deactivateOrganization (developer, product.md 6): the pickers and the
 * top bar read `deactivated` from the organisation lists, so both are read again.
 */
export function useOrganizationAccess(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (org: { deactivated?: boolean | null }) => {
      const change = organizationAccessChange(org);
      unwrap(await api.post(`/orgs/${orgId}/${change.call}`, {}));
      return change;
    },
    onSuccess: async (change) => {
      await queryClient.refetchQueries({ queryKey: authKeys.organizations() });
      await queryClient.refetchQueries({ queryKey: authKeys.allOrganizations() });
      enqueueSnackbar(change.success, { variant: 'success' });
    },
    onError: (error) =>
      enqueueSnackbar(`Kurum erişimi değiştirilemedi: ${errorText(error)}`, { variant: 'error' }),
  });
}
