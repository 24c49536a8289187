/**
 * The most common passwords, refused whatever the length rule says. The head of the lists every cracker
 * tries first (SecLists' 10-million-password top entries, NordPass' yearly most-common reports) plus Turkish
 * favourites; compared in lower case. Shipped with the code, shared by the client and the server.
 */
const LIST = `
123456 123456789 12345678 12345 1234567 1234567890 123123 111111 000000 654321 666666 121212 112233 123321
987654321 1234 123 qwerty qwerty123 qwertyuiop qwe123 1q2w3e 1q2w3e4r 1q2w3e4r5t 1qaz2wsx zaq12wsx asdfgh
asdfghjkl asd123 zxcvbn zxcvbnm password password1 password123 passw0rd p@ssw0rd p@ssword abc123 abcd1234
abcdef abcdefg abcdefgh abc12345 a123456 aa123456 iloveyou princess monkey dragon sunshine football baseball
master letmein welcome welcome1 admin admin123 administrator login root toor test test123 testtest guest
secret shadow superman batman trustno1 michael jennifer jordan hunter freedom whatever starwars charlie
donald computer killer pokemon soccer hello hello123 lovely loveme flower cookie summer ashley bailey
qazwsx 7777777 888888 999999 555555 222222 333333 444444 101010 159753 147258369 123654 112233445566 131313
google facebook linkedin instagram youtube samsung apple azerty 11111111 00000000 12341234 11223344
sifre sifre123 şifre şifre123 parola parola123 123456a 123456q 1234qwer qwer1234 asdf1234 galatasaray
fenerbahce fenerbahçe besiktas beşiktaş trabzonspor turkiye türkiye istanbul ankara izmir ataturk atatürk
mustafa mehmet ahmet ayse ayşe fatma zeynep emre murat elif seni seviyorum seniseviyorum askim aşkım
kurspanel okul okul123 kurs123 dershane ogretmen öğretmen ogrenci öğrenci
`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(LIST.split(/\s+/).filter(Boolean));

/** One character repeated, or a run of consecutive letters or digits up or down ("aaaaaa", "abcdefg", "987654"). */
function isTrivialRun(p: string): boolean {
  if (p.length < 2) return true;
  const codes = [...p].map((c) => c.codePointAt(0)!);
  const step = codes[1] - codes[0];
  if (step !== 0 && step !== 1 && step !== -1) return false;
  return codes.every((c, i) => i === 0 || c - codes[i - 1] === step);
}

/** True for a password everyone guesses first: on the list, or a trivial run. */
export function isCommonPassword(password: string): boolean {
  const p = password.toLocaleLowerCase('tr-TR');
  return COMMON_PASSWORDS.has(p) || COMMON_PASSWORDS.has(password.toLowerCase()) || isTrivialRun(p);
}

export type PasswordStrength = 0 | 1 | 2 | 3;

/**
 * A rough strength for the forms' hint: 0 refused (too short or common), 1 weak, 2 fair, 3 strong, from the
 * length and the kinds of characters (lower, upper, digits, others).
 */
export function passwordStrength(password: string, minLength = 6): PasswordStrength {
  if (password.length < minLength || isCommonPassword(password)) return 0;
  const kinds = [/\p{Ll}/u, /\p{Lu}/u, /\d/, /[^\p{L}\d]/u].filter((r) => r.test(password)).length;
  const score = (password.length >= 12 ? 2 : password.length >= 9 ? 1 : 0) + (kinds >= 3 ? 2 : kinds - 1);
  return score >= 3 ? 3 : score >= 1 ? 2 : 1;
}

export const PASSWORD_STRENGTH_LABELS: Record<PasswordStrength, string> = {
  0: 'Kabul edilmez',
  1: 'Zayıf',
  2: 'Orta',
  3: 'Güçlü',
};
