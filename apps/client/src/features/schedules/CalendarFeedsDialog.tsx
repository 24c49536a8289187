import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { message, type StudentListRow } from '@okul/domain';
import { useMutation, useQuery, useQueryClient, queryOptions } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { useState } from 'react';
import { api } from '../../api/api';
import { errorText, unwrap } from '../../api/client';
import { formatDateTime } from '../../lib/format';
import { orgKey } from '../../lib/query-keys';
import { studentOptionLabel } from '../groups/groups';
import type { ClassView as Group } from '@okul/domain';
import { feedOf, feedUrl, targetOf, type CalendarFeed, type FeedChoice } from './feeds';

const feedsKey = (orgId: string) => orgKey(orgId, 'calendarFeeds');
const feedsQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: feedsKey(orgId),
    queryFn: async ({ signal }) =>
      unwrap(await api.get<CalendarFeed[]>(`/orgs/${orgId}/getCalendarFeeds`, { signal })) ?? [],
  });

function useFeedWrite(orgId: string, call: 'rotateCalendarFeed' | 'revokeCalendarFeed') {
  const queryClient = useQueryClient();
  const [success, failure] =
    call === 'rotateCalendarFeed'
      ? [message('calendarFeed.rotated'), message('calendarFeed.rotateFailed')]
      : [message('calendarFeed.revoked'), message('calendarFeed.revokeFailed')];
  return useMutation({
    mutationFn: async (choice: FeedChoice) =>
      unwrap(await api.post(`/orgs/${orgId}/${call}`, targetOf(choice))),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: feedsKey(orgId) });
      enqueueSnackbar(success, { variant: 'success' });
    },
    onError: (error) => enqueueSnackbar(`${failure}: ${errorText(error)}`, { variant: 'error' }),
  });
}

export interface CalendarFeedsDialogProps {
  orgId: string;
  groups: Group[];
  students: StudentListRow[];
  /** The organisation's instructors: each has a feed of the lessons naming them as Eğitmen. */
  instructors: ReadonlyArray<{ id: string; name: string; surname: string; deletedAt?: string | null }>;
  onClose: () => void;
}

/**
 * Takvim bağlantıları: a private .ics address per organisation, group, instructor and student for phone and web
 * calendars; a new address stops the old one at once, and an address can be closed.
 */
export function CalendarFeedsDialog({
  orgId,
  groups,
  students,
  instructors,
  onClose,
}: CalendarFeedsDialogProps) {
  const feeds = useQuery(feedsQueryOptions(orgId));
  const rotate = useFeedWrite(orgId, 'rotateCalendarFeed');
  const revoke = useFeedWrite(orgId, 'revokeCalendarFeed');
  const [choice, setChoice] = useState<FeedChoice>('organization');
  const feed = feedOf(feeds.data ?? [], choice);
  const url = feed ? feedUrl(window.location.origin, feed) : '';
  const busy = rotate.isPending || revoke.isPending;
  const liveGroups = groups.filter((g) => g.deletedAt === null);
  const liveStudents = students.filter((s) => s.deletedAt === null);
  const liveInstructors = instructors.filter((i) => !i.deletedAt);

  const copy = async () => {
    await navigator.clipboard.writeText(url);
    enqueueSnackbar(message('calendarFeed.copied'), { variant: 'success' });
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth>
      <DialogTitle>Takvim Bağlantıları</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            Telefonunuzun veya Google/Apple takviminizin &quot;URL ile abone ol&quot; seçeneğine bu bağlantıyı
            girin. Bağlantıyı bilen herkes dersleri görebilir; yenilediğinizde eski bağlantı hemen çalışmaz.
          </Typography>
          <TextField select label="Takvim" value={choice} onChange={(e) => setChoice(e.target.value)}>
            <MenuItem value="organization">Tüm kurum</MenuItem>
            {liveGroups.length > 0 && <ListSubheader>Gruplar</ListSubheader>}
            {liveGroups.map((g) => (
              <MenuItem key={g.id} value={`class:${g.id}`}>
                {g.title}
              </MenuItem>
            ))}
            {liveInstructors.length > 0 && <ListSubheader>Eğitmenler</ListSubheader>}
            {liveInstructors.map((i) => (
              <MenuItem key={i.id} value={`instructor:${i.id}`}>
                {i.name} {i.surname}
              </MenuItem>
            ))}
            {liveStudents.length > 0 && <ListSubheader>Öğrenciler</ListSubheader>}
            {liveStudents.map((s) => (
              <MenuItem key={s.id} value={`student:${s.id}`}>
                {studentOptionLabel(s)}
              </MenuItem>
            ))}
          </TextField>
          {feed ? (
            <TextField
              label="Abonelik bağlantısı"
              value={url}
              helperText={`Oluşturulma: ${formatDateTime(feed.rotatedAt)}`}
              slotProps={{
                htmlInput: { readOnly: true },
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <Tooltip title="Kopyala">
                        <IconButton aria-label="Bağlantıyı kopyala" onClick={() => void copy()}>
                          <ContentCopyIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </InputAdornment>
                  ),
                },
              }}
            />
          ) : (
            <Alert severity="info">{feeds.isPending ? 'Yükleniyor…' : 'Bu takvim için bağlantı yok.'}</Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {feed && (
          <Button color="error" disabled={busy} onClick={() => revoke.mutate(choice)}>
            Bağlantıyı Kapat
          </Button>
        )}
        <Button disabled={busy} onClick={() => rotate.mutate(choice)}>
          {feed ? 'Yeni Bağlantı Oluştur' : 'Bağlantı Oluştur'}
        </Button>
        <Button variant="contained" disabled={busy} onClick={onClose}>
          Kapat
        </Button>
      </DialogActions>
    </Dialog>
  );
}
