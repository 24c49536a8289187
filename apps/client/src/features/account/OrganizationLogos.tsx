import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { LOGO_KEYS, LOGO_TYPES, type LogoType, type Organization } from '@okul/domain';
import { useQueryClient } from '@tanstack/react-query';
import { ImageUpload } from '../../components/ImageUpload';
import { authKeys } from '../auth/queries';

/** The four logo variants of product.md 5 (organization-logo, -negative, -only, -only-negative). */
const LOGO_LABELS: Record<LogoType, string> = {
  'organization-logo': 'Logo',
  'organization-logo-negative': 'Logo (negatif)',
  'organization-logo-only': 'Sadece simge',
  'organization-logo-only-negative': 'Sadece simge (negatif)',
};

/** Ayarlar > Kurum Ayarları: the organisation's logos (api.md 7.5 orgs/{orgID}/logos). */
export function OrganizationLogos({ organization }: { organization: Organization }) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: authKeys.organizations() }),
      queryClient.invalidateQueries({ queryKey: authKeys.allOrganizations() }),
    ]);
  return (
    <>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 3, mb: 1 }}>
        Logolar
      </Typography>
      <Grid container spacing={3}>
        {LOGO_TYPES.map((logoType) => (
          <Grid key={logoType} size={{ xs: 12, sm: 6 }}>
            <ImageUpload
              orgId={organization.id}
              label={LOGO_LABELS[logoType]}
              shape="logo"
              url={organization.logos?.[LOGO_KEYS[logoType]] ?? null}
              target={{ target: 'logo', logoType }}
              onUploaded={() => void refresh()}
            />
          </Grid>
        ))}
      </Grid>
    </>
  );
}
