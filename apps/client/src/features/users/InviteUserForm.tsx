import { zodResolver } from '@hookform/resolvers/zod';
import SendIcon from '@mui/icons-material/Send';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField } from '../../components/FormTextField';
import { useInviteUser } from './queries';
import { RoleField } from './RoleSelect';
import { inviteBody, inviteFormSchema } from './users';

interface InviteFormValues {
  email: string;
  name: string;
  orgRoleId: number | '';
}

// product.md 5 Invite user: the server's own schema, so a field shows what the server would answer
const resolver = zodResolver(inviteFormSchema) as unknown as Resolver<
  InviteFormValues,
  unknown,
  z.output<typeof inviteFormSchema>
>;

const EMPTY: InviteFormValues = { email: '', name: '', orgRoleId: '' };

/** product.md 2 user management: invite a user with a role select and a send-invitation button. */
export function InviteUserForm({ orgId }: { orgId: string }) {
  const invite = useInviteUser(orgId);
  const { control, handleSubmit, reset } = useForm<
    InviteFormValues,
    unknown,
    z.output<typeof inviteFormSchema>
  >({ resolver, defaultValues: EMPTY });

  const submit = handleSubmit(async (values) => {
    await invite.mutateAsync(inviteBody(values, orgId));
    reset(EMPTY);
  });

  return (
    <Card variant="outlined" sx={{ mb: 3 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
          Kullanıcı Davet Et
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Yeni bir adrese şifre belirleme bağlantısı içeren bir e-posta gider; kayıtlı bir kullanıcıya davet
          gelen kutusuna düşer.
        </Typography>
        <Grid
          container
          spacing={2}
          component="form"
          noValidate
          aria-label="Kullanıcı davet et"
          onSubmit={(e) => void submit(e).catch(() => undefined)}
        >
          <Grid size={{ xs: 12, md: 'grow' }}>
            <FormTextField
              control={control}
              name="email"
              label="E-posta"
              type="email"
              required
              fullWidth
              autoComplete="off"
              hint=" "
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 3 }}>
            <FormTextField
              control={control}
              name="name"
              label="İsim"
              fullWidth
              autoComplete="off"
              hint="İsteğe bağlı"
              slotProps={{ htmlInput: { maxLength: 50 } }}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 3 }}>
            <RoleField control={control} name="orgRoleId" />
          </Grid>
          <Grid size={{ xs: 12, md: 'auto' }}>
            <Button
              type="submit"
              variant="contained"
              fullWidth
              startIcon={<SendIcon />}
              disabled={invite.isPending}
              sx={{ height: 56, whiteSpace: 'nowrap', px: 3 }}
            >
              {invite.isPending ? 'Gönderiliyor' : 'Davet Gönder'}
            </Button>
          </Grid>
        </Grid>
      </CardContent>
    </Card>
  );
}
