import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { usePublicInfo } from '../../../../features/public-info/queries';
import { LEGAL_DOCUMENT_TITLES, type LegalDocument } from './documents';
import { LegalDocumentContent } from './LegalTexts';

/** product.md 2: a footer link opens its document in a modal with a Kapat button. */
export function LegalDialog({ doc, onClose }: { doc: LegalDocument | null; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const { data } = usePublicInfo();
  return (
    <Dialog
      open={doc !== null}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      fullScreen={fullScreen}
      scroll="paper"
      aria-labelledby="legal-dialog-title"
    >
      {doc && (
        <>
          <DialogTitle id="legal-dialog-title">{LEGAL_DOCUMENT_TITLES[doc]}</DialogTitle>
          <DialogContent dividers>
            <LegalDocumentContent doc={doc} company={data?.company} />
          </DialogContent>
        </>
      )}
      <DialogActions>
        <Button onClick={onClose} variant="contained">
          Kapat
        </Button>
      </DialogActions>
    </Dialog>
  );
}
