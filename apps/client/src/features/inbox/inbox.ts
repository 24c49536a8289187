import type { InboxItem } from '@okul/domain';

/** product.md 2: the inbox has three tabs, one per item type (product.md 3). */
export const INBOX_TABS = [
  { type: 'message', label: 'Mesajlar' },
  { type: 'notification', label: 'Bildirimler' },
  { type: 'invitation', label: 'Davetler' },
] as const;

export type InboxTab = (typeof INBOX_TABS)[number]['type'];

const KNOWN: readonly string[] = INBOX_TABS.map((t) => t.type);

export function isInboxTab(value: unknown): value is InboxTab {
  return typeof value === 'string' && KNOWN.includes(value);
}

/**
 * The items of one tab, newest first. api.md 8.6: an unknown item type is only logged as an error, so
 * it shows in no tab.
 */
export function itemsForTab(items: readonly InboxItem[], tab: InboxTab): InboxItem[] {
  return items
    .filter((m) => m.type === tab)
    .sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''));
}

/** The items of a type no tab shows (to log them once). */
export function unknownItems(items: readonly InboxItem[]): InboxItem[] {
  return items.filter((m) => !KNOWN.includes(m.type));
}

/** product.md 2: the inbox title shows the unread count (items of every tab). */
export function unreadCount(items: readonly InboxItem[] | undefined): number {
  return (items ?? []).filter((m) => !m.isRead && KNOWN.includes(m.type)).length;
}

export function unreadByTab(items: readonly InboxItem[]): Record<InboxTab, number> {
  const counts = { message: 0, notification: 0, invitation: 0 };
  for (const m of items) if (!m.isRead && isInboxTab(m.type)) counts[m.type] += 1;
  return counts;
}

/** The page title: Gelen Kutusu, with the unread count when there is any. */
export function inboxTitle(unread: number): string {
  return unread > 0 ? `Gelen Kutusu (${unread} okunmamış)` : 'Gelen Kutusu';
}

export type InvitationState = 'pending' | 'accepted' | 'rejected' | 'revoked';

/**
 * product.md 3: responseStatus pending, accepted, anything else rejected; ours: revoked, an invitation the
 * organisation withdrew before it was answered.
 */
export function invitationState(item: Pick<InboxItem, 'responseStatus'>): InvitationState {
  if (item.responseStatus === 'pending' || item.responseStatus === null) return 'pending';
  if (item.responseStatus === 'revoked') return 'revoked';
  return item.responseStatus === 'accepted' ? 'accepted' : 'rejected';
}

/** The answered invitation's chip. */
export const INVITATION_STATE_LABELS: Record<Exclude<InvitationState, 'pending'>, string> = {
  accepted: 'Kabul edildi',
  rejected: 'Reddedildi',
  revoked: 'Kurum tarafından iptal edildi',
};

/** The tab to open first: the first one with something unread, else messages. */
export function initialTab(items: readonly InboxItem[]): InboxTab {
  const counts = unreadByTab(items);
  return INBOX_TABS.find((t) => counts[t.type] > 0)?.type ?? 'message';
}
