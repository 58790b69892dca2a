// Mailbox providers' domains (issue 30). Their owners publish DMARC for them (yahoo.com and
// aol.com with p=reject), and only they can sign for them, so no customer can ever authenticate
// one: a campaign From such an address is sent From the platform's domain with Reply-To the
// address instead (mail/sending-identity.ts). The one list of them, for the server and the editor.

const EXACT = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'live.com',
  'msn.com',
  'aol.com',
  'aim.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'proton.me',
  'protonmail.com',
  'protonmail.ch',
  'pm.me',
  'zoho.com',
  'zohomail.com',
  'yandex.com',
  'yandex.ru',
  'ya.ru',
  'mail.ru',
  'inbox.ru',
  'list.ru',
  'bk.ru',
  'mail.com',
  'email.com',
  'fastmail.com',
  'fastmail.fm',
  'hey.com',
  'tutanota.com',
  'tuta.io',
  'web.de',
  'freenet.de',
  't-online.de',
  'orange.fr',
  'wanadoo.fr',
  'free.fr',
  'sfr.fr',
  'laposte.net',
  'libero.it',
  'virgilio.it',
  'qq.com',
  '163.com',
  '126.com',
  'sina.com',
  'naver.com',
  'daum.net',
  'rediffmail.com',
  'comcast.net',
  'verizon.net',
  'att.net',
  'sbcglobal.net',
  'bellsouth.net',
  'btinternet.com',
  'sky.com',
  'rocketmail.com',
  'ymail.com',
  'seznam.cz',
  'wp.pl',
  'o2.pl',
  'interia.pl',
  'onet.pl',
  'gmx.com',
]);

// Providers with a domain per country: yahoo.co.uk, hotmail.fr, gmx.de, …
const BY_COUNTRY = ['yahoo', 'hotmail', 'gmx', 'outlook', 'live', 'windowslive'];

/** Whether `domain` (lower case) is a mailbox provider's. */
export function isFreeMailDomain(domain: string): boolean {
  if (EXACT.has(domain)) return true;
  const [first = '', ...rest] = domain.split('.');
  // yahoo.com, yahoo.co.uk, yahoo.com.br: the provider's name, then a top-level part of one or two labels.
  return BY_COUNTRY.includes(first) && rest.length >= 1 && rest.length <= 2 && rest.every((label) => /^[a-z]{2,3}$/.test(label));
}
