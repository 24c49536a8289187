import type { EventMetadata } from '../shared/events';
import { describeDevice } from '../logs/device';
import { formatTl, type Kurus } from '../shared/money';
import { message, type MessageKey } from '../shared/messages';
import { toEpoch, toLocal } from '../shared/time';

/** The records whose history an auditor can step through. */
export const RECORD_KINDS = ['student', 'enrollment', 'payment', 'attendance', 'course'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/** A stored event as the history needs it: what happened, and who did it when from where. */
export interface HistoryEvent {
  type: string;
  data: unknown;
  metadata: Pick<EventMetadata, 'userId' | 'ipAddress' | 'userAgent' | 'occurredAt'>;
}

/** Names of the ids a record refers to, so a version reads "Gitar" rather than a uuid. */
export interface HistoryNames {
  students?: Readonly<Record<string, string>>;
  courses?: Readonly<Record<string, string>>;
  instructors?: Readonly<Record<string, string>>;
}

/** One field of a record as shown: its Turkish label and its value as text (null when empty). */
export interface HistoryField {
  field: string;
  label: string;
  value: string | null;
}

export interface HistoryChange {
  field: string;
  label: string;
  old: string | null;
  new: string | null;
}

/** One version of a record: the event that made it, who/when/where, the record after it, and what changed. */
export interface RecordVersion {
  /** 1-based, in the order the record's events were written. */
  version: number;
  eventType: string;
  action: string;
  at: string;
  userId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  device: string;
  fields: HistoryField[];
  changes: HistoryChange[];
}

/**
 * How one kind of record is folded from its stream: the decider's own initial state and evolve (so the
 * history shows exactly the state the rules saw), which events are versions of the record, and the record's
 * fields as text in a fixed order (null while the record does not exist in the state).
 */
export interface RecordFold<S> {
  initialState: S;
  evolve(state: S, event: { type: string; data: unknown }): S;
  /** The catalogue key of the action when this event is a version of record `id`, else null. */
  action(event: { type: string; data: unknown }, id: string): MessageKey | null;
  view(state: S, id: string, names: HistoryNames): Array<[field: string, value: string | null]> | null;
}

const label = (field: string) => message(`history.field.${field}` as MessageKey);

function fieldsOf(view: Array<[string, string | null]>): HistoryField[] {
  return view.map(([field, value]) => ({ field, label: label(field), value }));
}

/** The fields that differ between two views of a record (a field missing on one side counts as empty). */
export function diffFields(before: HistoryField[], after: HistoryField[]): HistoryChange[] {
  const old = new Map(before.map((f) => [f.field, f.value]));
  const changes: HistoryChange[] = [];
  const seen = new Set<string>();
  for (const f of after) {
    seen.add(f.field);
    const was = old.get(f.field) ?? null;
    if (was !== f.value) changes.push({ field: f.field, label: f.label, old: was, new: f.value });
  }
  for (const f of before) {
    if (!seen.has(f.field) && f.value !== null)
      changes.push({ field: f.field, label: f.label, old: f.value, new: null });
  }
  return changes;
}

/**
 * Every version of record `id` from its stream's events, oldest first. All events are folded (an enrolment's
 * state needs its student's events too), but only the record's own events make a version.
 */
export function recordVersions<S>(
  fold: RecordFold<S>,
  events: readonly HistoryEvent[],
  id: string,
  names: HistoryNames = {},
): RecordVersion[] {
  let state = fold.initialState;
  let previous: HistoryField[] = [];
  const versions: RecordVersion[] = [];
  for (const e of events) {
    state = fold.evolve(state, e);
    const action = fold.action(e, id);
    if (action === null) continue;
    const fields = fieldsOf(fold.view(state, id, names) ?? []);
    versions.push({
      version: versions.length + 1,
      eventType: e.type,
      action: message(action),
      at: e.metadata.occurredAt,
      userId: e.metadata.userId,
      ipAddress: e.metadata.ipAddress,
      userAgent: e.metadata.userAgent,
      device: describeDevice(e.metadata.userAgent),
      fields,
      changes: diffFields(previous, fields),
    });
    previous = fields;
  }
  return versions;
}

/** The events written at or before `at` (the command's time, metadata.occurredAt). */
export function eventsUntil<E extends HistoryEvent>(events: readonly E[], at: string): E[] {
  const limit = toEpoch(at);
  return events.filter((e) => toEpoch(e.metadata.occurredAt) <= limit);
}

/** Record `id` as it was at `at`: null when it did not exist yet. */
export function recordAsOf<S>(
  fold: RecordFold<S>,
  events: readonly HistoryEvent[],
  id: string,
  at: string,
  names: HistoryNames = {},
): HistoryField[] | null {
  const state = eventsUntil(events, at).reduce(fold.evolve, fold.initialState);
  const view = fold.view(state, id, names);
  return view ? fieldsOf(view) : null;
}

// Value texts, shared by the folds.

const pad = (n: number) => String(n).padStart(2, '0');

/** "05.03.2026 14:30" on the institution's calendar (Europe/Istanbul). */
export function instantText(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const ms = toEpoch(iso);
  if (Number.isNaN(ms)) return iso;
  const l = toLocal(ms);
  return `${pad(l.day)}.${pad(l.month)}.${l.year} ${pad(l.hour)}:${pad(l.minute)}`;
}

export function dayText(day: number | null, month: number | null, year: number | null): string | null {
  if (!day || !month || !year) return null;
  return `${pad(day)}.${pad(month)}.${year}`;
}

export const moneyText = (kurus: Kurus | null | undefined) =>
  typeof kurus === 'number' ? formatTl(kurus) : null;

export const yesNo = (v: boolean | null | undefined) =>
  v === null || v === undefined ? null : message(v ? 'history.yes' : 'history.no');

export function text(v: string | number | null | undefined): string | null {
  if (v === null || v === undefined) return null;
  const s = String(v);
  return s.trim() === '' ? null : s;
}

export const nameOf = (names: Readonly<Record<string, string>> | undefined, id: string | null) =>
  id === null ? null : (names?.[id] ?? id);
