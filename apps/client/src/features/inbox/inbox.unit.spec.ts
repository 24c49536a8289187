import { describe, expect, it } from 'vitest';
import {
  INBOX_TABS,
  inboxTitle,
  initialTab,
  invitationState,
  itemsForTab,
  unknownItems,
  unreadByTab,
  unreadCount,
} from './inbox';
import type { InboxItem } from '@okul/domain';

const item = (id: string, type: string, isRead: boolean, createdAt: string, over: Partial<InboxItem> = {}) =>
  ({
    id,
    type,
    subject: id,
    body: '',
    isRead,
    createdAt,
    responseStatus: type === 'invitation' ? 'pending' : null,
    respondedAt: null,
    ...over,
  }) satisfies InboxItem;

const items: InboxItem[] = [
  item('welcome', 'message', false, '2025-01-01T10:00:00.000Z'),
  item('older', 'message', true, '2024-12-01T10:00:00.000Z'),
  item('paid', 'notification', false, '2025-01-02T10:00:00.000Z'),
  item('invite', 'invitation', true, '2025-01-03T10:00:00.000Z', { responseStatus: 'accepted' }),
  item('newer', 'message', false, '2025-02-01T10:00:00.000Z'),
  item('strange', 'survey', false, '2025-02-02T10:00:00.000Z'),
];

describe('inbox tabs (product.md 2, 3)', () => {
  it('has three tabs, one per item type', () => {
    expect(INBOX_TABS.map((t) => t.type)).toEqual(['message', 'notification', 'invitation']);
    expect(INBOX_TABS.map((t) => t.label)).toEqual(['Mesajlar', 'Bildirimler', 'Davetler']);
  });

  it('puts each item in the tab of its type, newest first', () => {
    expect(itemsForTab(items, 'message').map((m) => m.id)).toEqual(['newer', 'welcome', 'older']);
    expect(itemsForTab(items, 'notification').map((m) => m.id)).toEqual(['paid']);
    expect(itemsForTab(items, 'invitation').map((m) => m.id)).toEqual(['invite']);
  });

  it('shows an unknown type in no tab and hands it over for logging (api.md 8.6)', () => {
    expect(unknownItems(items).map((m) => m.id)).toEqual(['strange']);
  });
});

describe('unread count (product.md 2: the title shows it)', () => {
  it('counts unread items of the three tabs only', () => {
    expect(unreadCount(items)).toBe(3);
    expect(unreadByTab(items)).toEqual({ message: 2, notification: 1, invitation: 0 });
    expect(unreadCount(undefined)).toBe(0);
    expect(unreadCount([])).toBe(0);
  });

  it('names the count in the title only when there is one', () => {
    expect(inboxTitle(3)).toBe('Gelen Kutusu (3 okunmamış)');
    expect(inboxTitle(0)).toBe('Gelen Kutusu');
  });

  it('opens the first tab with something unread', () => {
    expect(initialTab(items)).toBe('message');
    expect(initialTab([item('i', 'invitation', false, '2025-01-01T00:00:00Z')])).toBe('invitation');
    expect(initialTab([])).toBe('message');
  });
});

describe('invitation answers (product.md 3, 4)', () => {
  it('reads pending, accepted, and anything else as rejected', () => {
    expect(invitationState({ responseStatus: 'pending' })).toBe('pending');
    expect(invitationState({ responseStatus: 'accepted' })).toBe('accepted');
    expect(invitationState({ responseStatus: 'rejected' })).toBe('rejected');
    expect(invitationState({ responseStatus: 'declined' })).toBe('rejected');
    expect(invitationState({ responseStatus: 'revoked' })).toBe('revoked');
  });
});
