import { expect } from '@playwright/test';
import { mailSinkHttpPort } from '../playwright.config.js';

/** An email the store sent, as the test mail server received it. */
export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) address in the text part, in order. */
  links: string[];
}

const mailSinkUrl = () =>
  `http://127.0.0.1:${process.env.MAIL_SINK_HTTP_PORT ?? String(mailSinkHttpPort)}/messages`;

async function receivedMail(): Promise<ReceivedMail[]> {
  const response = await fetch(mailSinkUrl());
  return (await response.json()) as ReceivedMail[];
}

/** Waits for the newest email to `to` whose subject matches, sent by the store over SMTP. */
export async function waitForMail(filter: {
  to: string;
  subject?: string | RegExp;
}): Promise<ReceivedMail> {
  const matches = (mail: ReceivedMail) =>
    mail.to.includes(filter.to.toLowerCase()) &&
    (filter.subject === undefined ||
      (typeof filter.subject === 'string'
        ? mail.subject === filter.subject
        : filter.subject.test(mail.subject)));
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await receivedMail()).findLast(matches);
        return found !== undefined;
      },
      { message: `an email to ${filter.to}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}
