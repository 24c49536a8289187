/**
 * An address as people write it: an IPv4 client reached over a dual-stack socket arrives as
 * `::ffff:203.0.113.7` (an IPv4-mapped IPv6 address); İşlem Dökümü and the sessions list show `203.0.113.7`.
 */
export function plainIp(ip: string | null | undefined): string | null {
  if (ip === null || ip === undefined || ip === '') return null;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return mapped ? mapped[1] : ip;
}
