import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';

/**
 * One way out for texts (docs/product.md §20.3): Twilio's REST API when TWILIO_* is set, else a
 * file per text in DATA_DIR/outbox-sms/ (development, tests, the demo). Chosen at boot.
 */
export interface SmsGateway {
  readonly name: 'twilio' | 'outbox';
  /** Sends one text; resolves to the gateway's reference (Twilio's SID, the outbox file name). */
  send(text: { to: string; body: string }): Promise<string>;
}

export class SmsGatewayError extends Error {
  override name = 'SmsGatewayError';
}

const TWILIO_TIMEOUT_MS = 10_000;

/** Twilio: POST {apiUrl}/2010-04-01/Accounts/{sid}/Messages.json, form To/From/Body, Basic auth. */
export function twilioGateway(twilio: NonNullable<Config['twilio']>): SmsGateway {
  const url = `${twilio.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(twilio.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString('base64')}`;
  return {
    name: 'twilio',
    async send({ to, body }) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: to, From: twilio.from, Body: body }).toString(),
        signal: AbortSignal.timeout(TWILIO_TIMEOUT_MS),
      });
      const text = await response.text();
      if (!response.ok) {
        throw new SmsGatewayError(`twilio answered ${response.status}: ${text.slice(0, 200)}`);
      }
      try {
        const sid = (JSON.parse(text) as { sid?: unknown }).sid;
        return typeof sid === 'string' ? sid : 'twilio';
      } catch {
        return 'twilio';
      }
    },
  };
}

/** The outbox: DATA_DIR/outbox-sms/<time>-<id>.txt with the To line, a blank line and the Body. */
export function outboxGateway(dataDir: string): SmsGateway {
  const dir = path.join(dataDir, 'outbox-sms');
  return {
    name: 'outbox',
    async send({ to, body }) {
      await fs.mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.txt`;
      await fs.writeFile(path.join(dir, name), `To: ${to}\n\n${body}\n`, { mode: 0o600 });
      return name;
    },
  };
}

export function smsGatewayOf(config: Config): SmsGateway {
  return config.twilio ? twilioGateway(config.twilio) : outboxGateway(config.dataDir);
}
