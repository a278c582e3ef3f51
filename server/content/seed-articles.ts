// Demo announcements (cate 1), newest first. Plain text; paragraphs separated by blank lines.
// The English text is here; the other languages are in seed-articles/<prefix>.json (the same
// articles in the same order), stored in each row's `translations` (migration 0009).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NAME_LANGUAGES } from '../core/config.ts';

export interface ArticleTexts {
  title: string;
  summary: string;
  content: string;
}

export interface SeedArticle extends ArticleTexts {
  /** JSON {prefix: {title, summary, content}} */
  translations: string;
}

const ENGLISH: ArticleTexts[] = [
  {
    title: 'Scheduled system maintenance on Sunday',
    summary: 'Trading, deposits and withdrawals will pause for about two hours during the upgrade.',
    content:
      'Dear users,\n\nTo improve the stability of our matching engine, CoinApp will carry out scheduled maintenance this Sunday from 02:00 to 04:00 (UTC).\n\nDuring the maintenance spot trading, second-level futures, deposits and withdrawals will be unavailable. Open limit orders stay on the book and are not affected. Futures contracts that expire inside the window settle at the recorded market price as usual.\n\nThe maintenance may end earlier or later than planned. We will post an update here when all services are back.\n\nThank you for your patience.\n\nThe CoinApp team',
  },
  {
    title: 'New listing: TRX/USDT spot trading',
    summary: 'TRX deposits open today; TRX/USDT spot trading starts tomorrow at 10:00 UTC.',
    content:
      'Dear users,\n\nCoinApp will list TRON (TRX) and open the TRX/USDT spot pair.\n\nDeposits: open now on the TRC20 network.\nTrading: from tomorrow 10:00 (UTC).\nWithdrawals: from the day after tomorrow 10:00 (UTC).\n\nNew listings can move sharply in price. Trade only with funds you can afford to lose, and read the project documents before you buy.\n\nThe CoinApp team',
  },
  {
    title: 'Security tips: protect your account',
    summary: 'CoinApp staff will never ask for your password, verification codes or withdrawal password.',
    content:
      'Dear users,\n\nScammers sometimes pretend to be customer service. Please remember:\n\n1. CoinApp staff will never ask for your login password, withdrawal password or any verification code.\n2. Only use the official app and website. Check the address before you log in.\n3. Use a password you do not use anywhere else, and set a separate withdrawal password.\n4. Save your withdrawal addresses in the address book and check the network before each withdrawal.\n5. If you think your account is at risk, change your password at once and contact us through the in-app service page.\n\nThe CoinApp team',
  },
  {
    title: 'Trading fee update for spot markets',
    summary: 'From the 1st of next month the spot maker fee drops to 0.08% and the taker fee to 0.10%.',
    content:
      'Dear users,\n\nFrom the 1st of next month (00:00 UTC) spot trading fees change as follows:\n\nMaker fee: 0.10% to 0.08%\nTaker fee: 0.12% to 0.10%\n\nFees for second-level futures, exchange and withdrawals do not change. The fee of each order is shown on its detail page.\n\nThe CoinApp team',
  },
  {
    title: 'Withdrawal lock after a password change',
    summary: 'For your safety, withdrawals are paused for 24 hours after you change your login password.',
    content:
      'Dear users,\n\nWhen the login password of an account is changed or reset, withdrawals from that account are paused for 24 hours. The withdrawal page shows when the lock ends.\n\nThis protects you if someone else has learned your password. Deposits, trading and transfers between your own accounts are not affected.\n\nThe CoinApp team',
  },
  {
    title: 'USDT deposits on the BEP20 network are now supported',
    summary: 'You can now deposit and withdraw USDT over BNB Smart Chain (BEP20).',
    content:
      'Dear users,\n\nUSDT deposits and withdrawals over the BEP20 network (BNB Smart Chain) are now open.\n\nAlways choose the same network on both sides of a transfer. Assets sent over the wrong network may be lost and cannot always be recovered.\n\nThe CoinApp team',
  },
  {
    title: 'Identity verification: what you need',
    summary: 'A passport, driving licence or identity card, plus a photo holding the document.',
    content:
      'Dear users,\n\nSome features need completed real-name verification. To verify, open My > Identity verification and upload:\n\n1. the front of your document,\n2. the back of your document,\n3. a photo of you holding the document.\n\nAccepted documents are passports, driving licences and national identity cards. Reviews usually finish within one working day. You will find the result on the same page.\n\nThe CoinApp team',
  },
  {
    title: 'Holiday schedule for fiat wire transfers',
    summary: 'Bank wire deposits and withdrawals received on public holidays are processed the next working day.',
    content:
      'Dear users,\n\nBanks do not process wire transfers on public holidays. Fiat deposits and bank withdrawals submitted during the holidays will be processed on the next working day.\n\nCrypto deposits, withdrawals and trading run as usual.\n\nThe CoinApp team',
  },
  {
    title: 'Futures risk notice',
    summary: 'Second-level futures settle from recorded market prices; a contract can lose its whole amount.',
    content:
      'Dear users,\n\nSecond-level futures are short contracts that settle at expiry from the recorded market price. The open price and time and the close price and time of every contract are shown on its detail page.\n\nA contract can lose its whole amount. The profit ratios shown are contract terms, not promised returns. Please only use funds you can afford to lose.\n\nThe CoinApp team',
  },
  {
    title: 'App version 1.3.5 released',
    summary: 'Faster market pages, a light theme and 13 interface languages.',
    content:
      'Dear users,\n\nVersion 1.3.5 of the CoinApp mobile app is out. What is new:\n\n- faster loading of market and chart pages,\n- a light theme besides the default dark theme,\n- 13 interface languages,\n- clearer messages when a request fails.\n\nIf the app still shows an older version, close it and open it again.\n\nThe CoinApp team',
  },
  {
    title: 'Referral programme rules',
    summary: 'Invite friends with your invitation code and follow your three referral levels on the My invitation page.',
    content:
      'Dear users,\n\nEvery account has its own invitation code, shown on the My invitation page. New users enter it when they register.\n\nThe programme has three levels: people you invite, the people they invite, and the next level after that. Member counts for each level are shown on the same page.\n\nAccounts created to abuse the programme will be excluded.\n\nThe CoinApp team',
  },
  {
    title: 'Phishing email warning',
    summary: 'Emails asking you to "verify your wallet" through a link are not from CoinApp.',
    content:
      'Dear users,\n\nWe have seen emails that claim to come from CoinApp and ask users to "verify their wallet" through a link. These emails are fake.\n\nCoinApp verification emails only contain a 6-digit code and never a link that asks for your password. Do not click such links. If you entered your password on another site, change it now.\n\nThe CoinApp team',
  },
  {
    title: 'Welcome to CoinApp',
    summary: 'Spot trading, futures, staking and more, in one mobile app.',
    content:
      'Dear users,\n\nWelcome to CoinApp. With one account you can trade spot pairs, open second-level futures, subscribe to new coins, and hold staking and mining products.\n\nBefore you start, we recommend that you complete identity verification, set a withdrawal password and save your withdrawal addresses.\n\nIf you have a question, the service page in the app is open around the clock.\n\nThe CoinApp team',
  },
];

const TRANSLATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'seed-articles');

function translationsOf(index: number): string {
  const out: Record<string, ArticleTexts> = {};
  for (const prefix of NAME_LANGUAGES) {
    const all = JSON.parse(readFileSync(join(TRANSLATIONS_DIR, `${prefix}.json`), 'utf8')) as ArticleTexts[];
    if (all.length !== ENGLISH.length) throw new Error(`seed-articles/${prefix}.json has ${all.length} articles, not ${ENGLISH.length}`);
    out[prefix] = all[index];
  }
  return JSON.stringify(out);
}

export const SEED_ANNOUNCEMENTS: SeedArticle[] = ENGLISH.map((a, i) => ({ ...a, translations: translationsOf(i) }));
