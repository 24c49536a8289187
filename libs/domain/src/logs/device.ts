/**
 * "Chrome, Windows" from a user agent, for the account activity in Ayarlar (users recognise their browser
 * and system, not the raw header). The order matters: Edge and Opera also say Chrome, Chrome also says
 * Safari, Android also says Linux, iPhones also say Mac OS X.
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bYaBrowser\//, 'Yandex'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export const UNKNOWN_DEVICE = 'Bilinmeyen cihaz';

export function describeDevice(userAgent: string | null | undefined): string {
  const ua = userAgent?.trim() ?? '';
  if (ua === '') return UNKNOWN_DEVICE;
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1] ?? null;
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1] ?? null;
  if (browser && system) return `${browser}, ${system}`;
  if (browser || system) return (browser ?? system)!;
  // Not a browser (a script, an app): its own first word says more than "unknown".
  return ua.split(/[\s/]/)[0].slice(0, 40) || UNKNOWN_DEVICE;
}
