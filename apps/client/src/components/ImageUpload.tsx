import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  AVATAR_TRANSFORM,
  COVER_TRANSFORM,
  message,
  withImageTransform,
  type RequestImageUploadInput,
} from '@okul/domain';
import { useId, useState } from 'react';
import { api } from '../api/api';
import { errorText, unwrap } from '../api/client';
import { withPrefix } from '../lib/failure-text';
import { checkImageFile, uploadImage, type UploadState } from '../lib/image-upload';

export interface ImageUploadProps {
  orgId: string;
  label: string;
  /** The image's place; null while its record is not saved yet (the file then waits in `onPendingFile`). */
  target: RequestImageUploadInput | null;
  /** The current image (its versioned URL), if any. */
  url: string | null;
  shape: 'avatar' | 'cover' | 'logo';
  onUploaded?: (url: string | null) => void;
  /** Picks a file for a record about to be saved (its form uploads it once it has an id). */
  onPendingFile?: (file: File | null) => void;
}

/** The image as shown: avatars 300x300 and covers 575x375 through the resizer (api.md 7.5), logos as they are. */
export function displayedImage(url: string, shape: ImageUploadProps['shape']): string {
  if (shape === 'avatar') return withImageTransform(url, AVATAR_TRANSFORM);
  if (shape === 'cover') return withImageTransform(url, COVER_TRANSFORM);
  return url;
}

/**
 * The one image upload of the product (product.md 4: uploading with progress 0-100, completed with the url,
 * error with the catalogue's texts), used for avatars, course covers and the organisation's logos.
 */
export function ImageUpload({
  orgId,
  label,
  target,
  url,
  shape,
  onUploaded,
  onPendingFile,
}: ImageUploadProps) {
  const inputId = useId();
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const [current, setCurrent] = useState<string | null>(url);
  const [pending, setPending] = useState<{ file: File; preview: string } | null>(null);
  const busy = state.status === 'uploading';

  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (target === null) {
      const refusal = checkImageFile(file);
      if (refusal) {
        setState({ status: 'error', error: refusal });
        return;
      }
      setState({ status: 'idle' });
      setPending({ file, preview: URL.createObjectURL(file) });
      onPendingFile?.(file);
      return;
    }
    try {
      const uploaded = await uploadImage(orgId, target, file, (progress) =>
        setState({ status: 'uploading', progress }),
      );
      setCurrent(uploaded);
      setState({ status: 'completed', url: uploaded });
      onUploaded?.(uploaded);
    } catch (e) {
      // api.md 8.4 Media: "Logo yüklenemedi" / "Fotoğraf yüklenemedi", then the helper's or server's reason
      const failed = message(shape === 'logo' ? 'media.logoFailed' : 'media.photoFailed');
      setState({ status: 'error', error: withPrefix(failed, errorText(e)) });
    }
  };

  const remove = async () => {
    if (target === null) {
      setPending(null);
      onPendingFile?.(null);
      return;
    }
    const r = await api.post(`/orgs/${orgId}/deleteImage`, target);
    try {
      unwrap(r);
      setCurrent(null);
      setState({ status: 'idle' });
      onUploaded?.(null);
    } catch (e) {
      setState({ status: 'error', error: errorText(e) });
    }
  };

  const shown = pending?.preview ?? (current ? displayedImage(current, shape) : null);
  const size =
    shape === 'avatar' ? { width: 72, height: 72 } : { width: 160, height: shape === 'cover' ? 104 : 64 };

  return (
    <Stack spacing={1} role="group" aria-label={label}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        {shape === 'avatar' ? (
          <Avatar src={shown ?? undefined} alt={label} sx={size} />
        ) : (
          <Box
            sx={{
              ...size,
              borderRadius: 1,
              border: 1,
              borderColor: 'divider',
              bgcolor: shape === 'logo' && label.includes('negatif') ? 'grey.900' : 'grey.100',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              overflow: 'hidden',
            }}
          >
            {shown ? (
              <Box
                component="img"
                src={shown}
                alt={label}
                sx={{
                  maxWidth: '100%',
                  maxHeight: '100%',
                  objectFit: shape === 'cover' ? 'cover' : 'contain',
                }}
              />
            ) : (
              <Typography variant="caption" color="text.secondary">
                Görsel yok
              </Typography>
            )}
          </Box>
        )}
        <Stack direction="row" spacing={1}>
          <Button
            component="label"
            htmlFor={inputId}
            variant="outlined"
            size="small"
            startIcon={<CloudUploadIcon />}
            disabled={busy}
          >
            {shown ? 'Değiştir' : 'Yükle'}
            <input
              id={inputId}
              hidden
              type="file"
              accept="image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp"
              aria-label={`${label} dosyası`}
              onChange={(e) => {
                void pick(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </Button>
          {shown && (
            <Button
              size="small"
              color="error"
              startIcon={<DeleteIcon />}
              disabled={busy}
              onClick={() => void remove()}
            >
              Kaldır
            </Button>
          )}
        </Stack>
      </Stack>
      {state.status === 'uploading' && (
        <LinearProgress variant="determinate" value={state.progress} aria-label={`${label} yükleniyor`} />
      )}
      {state.status === 'completed' && (
        <Typography variant="caption" color="success.main">
          Yüklendi
        </Typography>
      )}
      {state.status === 'error' && (
        <Alert severity="error" sx={{ py: 0 }}>
          {state.error}
        </Alert>
      )}
      {pending && (
        <Typography variant="caption" color="text.secondary">
          Kaydedince yüklenecek: {pending.file.name}
        </Typography>
      )}
    </Stack>
  );
}
