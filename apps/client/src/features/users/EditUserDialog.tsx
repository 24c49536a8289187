import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { useUpdateOrganizationUser } from './queries';
import { RoleSelect } from './RoleSelect';
import type { OrganizationUser } from './types';
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
    <Dialog open onClose={update.isPending ? undefined : onClose} maxWidth="xs" fullWidth>
      <form noValidate onSubmit={(e) => void submit(e).catch(() => undefined)}>
        <DialogTitle>Kullanıcıyı Düzenle</DialogTitle>
        <DialogContent>
          <Stack spacing={1} sx={{ pt: 1 }}>
            <TextField label="E-posta" value={member.user.email} fullWidth disabled helperText=" " />
            <Controller
              control={control}
              name="name"
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  label="İsim"
                  fullWidth
                  autoFocus
                  error={!!fieldState.error}
                  helperText={fieldState.error?.message ?? ' '}
                  slotProps={{ htmlInput: { maxLength: 50 } }}
                />
              )}
            />
            <Controller
              control={control}
              name="orgRoleId"
              render={({ field, fieldState }) => (
                <RoleSelect
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  error={fieldState.error?.message}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={update.isPending}>
            İptal
          </Button>
          <Button type="submit" variant="contained" disabled={update.isPending || !formState.isDirty}>
            Kaydet
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
