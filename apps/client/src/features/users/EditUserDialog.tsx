import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '../../components/FormDialog';
import { FormTextField } from '../../components/FormTextField';
import { useUpdateOrganizationUser } from './queries';
import { RoleField } from './RoleSelect';
import type { OrganizationUser } from '@okul/domain';
import { editUserBody, editUserFormSchema } from './users';

interface EditUserValues {
  name: string;
  orgRoleId: number | '';
}

const resolver = zodResolver(editUserFormSchema) as unknown as Resolver<
  EditUserValues,
  unknown,
  z.output<typeof editUserFormSchema>
>;

/** product.md 2 user management: the edit-user dialog (name and role; the e-mail is the user's own). */
export function EditUserDialog({
  orgId,
  member,
  onClose,
}: {
  orgId: string;
  member: OrganizationUser;
  onClose: () => void;
}) {
  const update = useUpdateOrganizationUser(orgId);
  const { control, handleSubmit, formState } = useForm<
    EditUserValues,
    unknown,
    z.output<typeof editUserFormSchema>
  >({ resolver, defaultValues: { name: member.user.name, orgRoleId: member.orgRoleId } });

  const submit = handleSubmit(async (values) => {
    await update.mutateAsync(editUserBody(values, member.user.id));
    onClose();
  });

  return (
    <FormDialog
      title="Kullanıcıyı Düzenle"
      busy={update.isPending}
      onClose={onClose}
      onSubmit={(e) => void submit(e).catch(() => undefined)}
      submitLabel="Kaydet"
      submitDisabled={!formState.isDirty}
      maxWidth="xs"
    >
      <Stack spacing={1} sx={{ pt: 1 }}>
        <TextField label="E-posta" value={member.user.email} fullWidth disabled helperText=" " />
        <FormTextField
          control={control}
          name="name"
          label="İsim"
          fullWidth
          autoFocus
          hint=" "
          slotProps={{ htmlInput: { maxLength: 50 } }}
        />
        <RoleField control={control} name="orgRoleId" />
      </Stack>
    </FormDialog>
  );
}
