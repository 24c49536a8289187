/**
 * api.md 8.2/8.3: failure toasts read "<action>: <reason>". Some server answers already carry the action
 * (docs/DECISIONS.md "Student save errors": every refusal of registerStudent/editStudent, and catalogue texts
 * such as "Kurs kaydı eklenemedi: Bilgi eksik"), so the prefix is added only when it is not there yet.
 */
export function withPrefix(prefix: string, reason: string): string {
  const text = reason.trim();
  if (text === prefix || text.startsWith(`${prefix}:`)) return text;
  return text === '' ? prefix : `${prefix}: ${text}`;
}
