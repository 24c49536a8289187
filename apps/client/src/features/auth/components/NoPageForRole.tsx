import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { CenteredCard } from '../../../components/CenteredCard';
import { useAuthActions } from '../useAuthActions';

/** /giris for a role with no page in the selected organisation: pick another one or sign out. */
export function NoPageForRole() {
  const { clearOrganization, logout } = useAuthActions();
  return (
    <CenteredCard>
      <Typography variant="h6" component="h1" sx={{ mb: 2 }}>
        Erişebileceğiniz sayfa yok
      </Typography>
      <Typography sx={{ mb: 3 }}>
        Bu kurumdaki rolünüzle açabileceğiniz bir sayfa bulunmuyor. Kurum yöneticinizden yetki isteyebilir
        veya başka bir kurum seçebilirsiniz.
      </Typography>
      <Button variant="contained" fullWidth sx={{ mb: 1 }} onClick={() => void clearOrganization()}>
        Başka Kurum Seç
      </Button>
      <Button color="inherit" fullWidth onClick={() => void logout()}>
        Çıkış Yap
      </Button>
    </CenteredCard>
  );
}
