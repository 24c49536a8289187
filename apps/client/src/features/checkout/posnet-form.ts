import type { PosnetInitiateAnswer } from '@okul/domain';

/**
 * api.md 7.4: the answer of POST /payment/posnet/initiate is submitted by the page as a hidden form POST to
 * the bank's 3-D Secure page (oosTDSServiceURL) with language tr. Field names are the ones POSNET's OOS
 * page reads: `mid` carries merchantID.
 */
export interface HiddenForm {
  action: string;
  fields: [name: string, value: string][];
}

const text = (v: unknown): v is string => typeof v === 'string' && v !== '';

/** Only a web address (absolute http(s) or a path of this site) may be a form target: never javascript:. */
export function isSafeFormAction(url: string): boolean {
  if (url.startsWith('/') && !url.startsWith('//')) return true;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The form to post to the bank, or null when the answer lacks a field the bank needs. */
export function posnetHiddenForm(answer: unknown): HiddenForm | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const a = answer as Partial<Record<keyof PosnetInitiateAnswer, unknown>>;
  if (
    !text(a.oosTDSServiceURL) ||
    !text(a.merchantID) ||
    !text(a.posnetID) ||
    !text(a.posnetData) ||
    !text(a.digest) ||
    !text(a.merchantReturnURL)
  )
    return null;
  if (!isSafeFormAction(a.oosTDSServiceURL)) return null;
  const fields: [string, string][] = [
    ['mid', a.merchantID],
    ['posnetID', a.posnetID],
    ['posnetData', a.posnetData],
  ];
  if (text(a.posnetData2)) fields.push(['posnetData2', a.posnetData2]);
  fields.push(['digest', a.digest], ['merchantReturnURL', a.merchantReturnURL], ['lang', 'tr']);
  return { action: a.oosTDSServiceURL, fields };
}

/** Builds the hidden form in the page and submits it: the browser leaves for the bank's page. */
export function submitHiddenForm(form: HiddenForm, doc: Document = document): void {
  const el = doc.createElement('form');
  el.method = 'POST';
  el.action = form.action;
  el.style.display = 'none';
  for (const [name, value] of form.fields) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    el.appendChild(input);
  }
  doc.body.appendChild(el);
  el.submit();
}
