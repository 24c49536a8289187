import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { formatDateTime } from '../../lib/format';
import { CARD_RADIUS } from '../../theme';
import { useAuthActions } from '../auth/useAuthActions';
import { useReadySession } from '../auth/useSession';
import {
  INBOX_TABS,
  inboxTitle,
  initialTab,
  INVITATION_STATE_LABELS,
  invitationState,
  itemsForTab,
  unknownItems,
  unreadByTab,
  unreadCount,
  type InboxTab,
} from './inbox';
import { messagesQueryOptions, useMarkMessageRead, useRespondToInvitation } from './queries';
import type { InboxItem } from '@okul/domain';

/** api.md 9.4: the inbox panel is 350 px high. */
const PANEL_HEIGHT = 350;

const EMPTY: Record<InboxTab, string> = {
  message: 'Mesajınız yok.',
  notification: 'Bildiriminiz yok.',
  invitation: 'Davetiniz yok.',
};

/** /giris/gelen-kutusu (school-student): messages, notifications and invitations in three tabs. */
export function InboxPage() {
  const { data: items } = useSuspenseQuery(messagesQueryOptions());
  const [tab, setTab] = useState<InboxTab>(() => initialTab(items));
  const counts = useMemo(() => unreadByTab(items), [items]);
  const shown = useMemo(() => itemsForTab(items, tab), [items, tab]);

  // api.md 8.6: an unknown inbox item type is only logged as an error.
  const unknown = useMemo(() => unknownItems(items), [items]);
  useEffect(() => {
    for (const m of unknown) console.error('[inbox] unknown item type:', m.type, m.id);
  }, [unknown]);

  return (
    <>
      <PageHeader title={inboxTitle(unreadCount(items))} />
      <Paper variant="outlined" sx={{ borderRadius: `${CARD_RADIUS}px`, overflow: 'hidden' }}>
        <Tabs
          value={tab}
          onChange={(_, v: InboxTab) => setTab(v)}
          variant="fullWidth"
          aria-label="Gelen kutusu"
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {INBOX_TABS.map((t) => (
            <Tab
              key={t.type}
              value={t.type}
              label={
                <Badge color="secondary" badgeContent={counts[t.type]} sx={{ pr: counts[t.type] ? 1.5 : 0 }}>
                  {t.label}
                </Badge>
              }
            />
          ))}
        </Tabs>
        <Box role="tabpanel" sx={{ height: PANEL_HEIGHT, overflowY: 'auto', p: 2 }}>
          {shown.length === 0 ? (
            <Typography color="text.secondary" sx={{ textAlign: 'center', py: 6 }}>
              {EMPTY[tab]}
            </Typography>
          ) : tab === 'invitation' ? (
            <Stack spacing={1.5}>
              {shown.map((m) => (
                <InvitationCard key={m.id} item={m} />
              ))}
            </Stack>
          ) : (
            <Box>
              {shown.map((m) => (
                <MessageRow key={m.id} item={m} />
              ))}
            </Box>
          )}
        </Box>
      </Paper>
    </>
  );
}

/**
 * A message or a notification. product.md 4: a message goes from unread to read when opened (mark-read);
 * a notification only tells what happened: no answer is asked, opening it marks it read too.
 */
function MessageRow({ item }: { item: InboxItem }) {
  const markRead = useMarkMessageRead();
  return (
    <Accordion
      disableGutters
      variant="outlined"
      onChange={(_, expanded) => {
        if (expanded && !item.isRead) markRead.mutate(item.id);
      }}
      sx={{ mb: 1, borderRadius: 2, '&:before': { display: 'none' } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, flexGrow: 1 }}>
          {!item.isRead && (
            <Box
              aria-label="Okunmamış"
              sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'secondary.main', flexShrink: 0 }}
            />
          )}
          <Typography noWrap sx={{ fontWeight: item.isRead ? 400 : 700, flexGrow: 1, minWidth: 0 }}>
            {item.subject}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap', pr: 1 }}>
            {formatDateTime(item.createdAt)}
          </Typography>
        </Box>
      </AccordionSummary>
      <AccordionDetails>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
          {item.body}
        </Typography>
      </AccordionDetails>
    </Accordion>
  );
}

/** product.md 4: a pending invitation is accepted or rejected; an answered one shows the answer and time. */
function InvitationCard({ item }: { item: InboxItem }) {
  const respond = useRespondToInvitation();
  const session = useReadySession();
  const { selectOrganization } = useAuthActions();
  const [confirmReject, setConfirmReject] = useState(false);
  const state = invitationState(item);
  const joined =
    state === 'accepted' && item.organizationId
      ? session.memberships.find((m) => m.organization.id === item.organizationId)
      : undefined;
  const canSwitch = joined !== undefined && joined.organization.id !== session.organization.id;

  return (
    <Card variant="outlined" sx={{ borderRadius: 2 }}>
      <CardContent>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap', mb: 1 }}>
          <Typography sx={{ fontWeight: item.isRead ? 600 : 700, flexGrow: 1 }}>{item.subject}</Typography>
          <Typography variant="caption" color="text.secondary">
            {formatDateTime(item.createdAt)}
          </Typography>
        </Box>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', mb: 2 }}>
          {item.body}
        </Typography>
        {state === 'pending' ? (
          <Stack direction="row" spacing={1}>
            <Button
              variant="contained"
              color="secondary"
              startIcon={<CheckIcon />}
              disabled={respond.isPending}
              onClick={() => respond.mutate({ messageId: item.id, accept: true })}
            >
              Kabul Et
            </Button>
            <Button
              variant="outlined"
              color="error"
              startIcon={<CloseIcon />}
              disabled={respond.isPending}
              onClick={() => setConfirmReject(true)}
            >
              Reddet
            </Button>
          </Stack>
        ) : (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip
              color={state === 'accepted' ? 'secondary' : 'default'}
              label={`${INVITATION_STATE_LABELS[state]}${
                item.respondedAt ? ` · ${formatDateTime(item.respondedAt)}` : ''
              }`}
            />
            {canSwitch && (
              <Button size="small" onClick={() => void selectOrganization(joined.organization.id)}>
                {joined.organization.name} kurumuna geç
              </Button>
            )}
          </Stack>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirmReject}
        title="Daveti reddet"
        confirmLabel="Reddet"
        destructive
        busy={respond.isPending}
        onClose={() => setConfirmReject(false)}
        onConfirm={() =>
          respond.mutate({ messageId: item.id, accept: false }, { onSettled: () => setConfirmReject(false) })
        }
      >
        Bu daveti reddetmek istediğinize emin misiniz? Cevabınız değiştirilemez.
      </ConfirmDialog>
    </Card>
  );
}
