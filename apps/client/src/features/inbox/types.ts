/** product.md 3 Inbox item, as api.md 7.2 getMessages answers it. */
export interface InboxItem {
  id: string;
  type: string;
  subject: string;
  body: string;
  isRead: boolean;
  createdAt: string | null;
  /** Invitations: pending, accepted, or anything else = rejected (product.md 3). */
  responseStatus: string | null;
  respondedAt: string | null;
  organizationId?: string | null;
}
