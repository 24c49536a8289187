import { Inject, Injectable } from '@nestjs/common';
import { readInbox, type Db } from '@okul/projections';
import { CROSS_ORG_DB } from '../infra/tokens';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** api.md 7.2 getMessages: the caller's inbox items, newest first (product.md 3 Inbox item). */
@Injectable()
export class InboxQueries {
  constructor(@Inject(CROSS_ORG_DB) private readonly crossOrgDb: Db) {}

  async messages(userId: string) {
    // The caller's own inbox holds items of every organisation they belong to or are invited to.
    const rows = await readInbox(this.crossOrgDb, userId);
    return rows.map((m) => ({
      id: m.id,
      type: m.type,
      subject: m.subject,
      body: m.body,
      isRead: m.is_read,
      createdAt: iso(m.created_at),
      responseStatus: m.response_status,
      respondedAt: iso(m.responded_at),
      organizationId: m.organization_id,
    }));
  }
}
