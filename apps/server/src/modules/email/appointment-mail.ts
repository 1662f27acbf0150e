import type { MailMessage } from '../../mail/mailer';
import { escapeHtml, formatInZone, timeInZone } from './format';
import { unsubscribeHeaders } from './unsubscribe';

/**
 * The texts of appointment mail: plain text and accessible HTML (lang, one heading, real
 * links, no layout tables), times in the recipient's zone with the zone named.
 */

export interface Recipient {
  email: string;
  firstName: string;
  timezone: string;
}

export interface MailAppointment {
  serviceType: string;
  /** The other party's name, as the recipient knows them. */
  otherName: string;
  otherRole: 'client' | 'provider';
  startsAt: Date;
  endsAt: Date;
}

const greeting = (r: Recipient) => `Hi ${r.firstName.trim() || 'there'},`;

export const whenText = (a: { startsAt: Date; endsAt: Date }, zone: string) =>
  `${formatInZone(a.startsAt, zone)} until ${timeInZone(a.endsAt, zone)}`;

/** A mail's HTML: a title, paragraphs, an optional button and footer (also the waitlist's mail). */
export function mailPage(
  title: string,
  /** Already-escaped HTML paragraphs, or the items of a list. */
  paragraphs: (string | { items: string[] })[],
  action?: { label: string; href: string },
  /** Already-escaped HTML of a small footer (the opt-out line). */
  footer?: string,
) {
  const body = paragraphs
    .map((p) =>
      typeof p === 'string'
        ? `<p>${p}</p>`
        : `<ul>${p.items.map((item) => `<li>${item}</li>`).join('')}</ul>`,
    )
    .join('\n');
  const button = action
    ? `<p><a href="${escapeHtml(action.href)}" style="background:#1d4ed8;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:sans-serif;color:#111827;line-height:1.5">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>
${body}
${button}
${footer ? `<footer><p style="font-size:13px;color:#4b5563">${footer}</p></footer>` : ''}
</body></html>`;
}

const withWhom = (a: MailAppointment) =>
  a.otherRole === 'provider' ? `with ${a.otherName}` : `for ${a.otherName}`;

/** Where a mail a user can turn off lets them: one-click link and the preferences screen. */
export interface OptOut {
  /** The RFC 8058 link (GET: a page with a button; POST: one click). */
  unsubscribe: string;
  preferences: string;
}

/** The footer line and headers of a mail a user can turn off (never transactional mail). */
export function optOutParts(what: string, optOut: OptOut) {
  return {
    text: `Don't want ${what} by email? Unsubscribe: ${optOut.unsubscribe} or choose in your notification preferences: ${optOut.preferences}`,
    html: `Don't want ${escapeHtml(what)} by email? <a href="${escapeHtml(optOut.unsubscribe)}">Unsubscribe</a> or choose in your <a href="${escapeHtml(optOut.preferences)}">notification preferences</a>.`,
    headers: unsubscribeHeaders(optOut.unsubscribe),
  };
}

export type ChangeType = 'booked' | 'canceled' | 'rescheduled';

export function changeMail(
  to: Recipient,
  type: ChangeType,
  appointment: MailAppointment,
  options: {
    actorIsRecipient: boolean;
    previous: { startsAt: Date; endsAt: Date } | null;
    manageUrl: string;
  },
): Omit<MailMessage, 'attachments'> {
  const zone = to.timezone;
  const when = whenText(appointment, zone);
  const what = `${appointment.serviceType} ${withWhom(appointment)}`;
  const by = options.actorIsRecipient ? 'You' : appointment.otherName;
  let title: string;
  let lead: string;
  switch (type) {
    case 'booked':
      title = `Appointment booked: ${what}`;
      lead = options.actorIsRecipient
        ? `Your appointment is booked: ${what}.`
        : `${appointment.otherName} booked an appointment: ${appointment.serviceType}.`;
      break;
    case 'canceled':
      title = `Appointment canceled: ${what}`;
      lead = `${by} canceled the appointment: ${what}.`;
      break;
    case 'rescheduled':
      title = `Appointment rescheduled: ${what}`;
      lead = `${by} moved the appointment: ${what}.`;
      break;
  }
  const lines = [lead, `When: ${when}`];
  if (type === 'rescheduled' && options.previous) {
    lines.push(`Previously: ${whenText(options.previous, zone)}`);
  }
  lines.push(
    type === 'canceled'
      ? 'The attached calendar file removes it from your calendar.'
      : 'The attached calendar file adds it to your calendar (or updates it).',
  );
  return {
    to: to.email,
    subject: title,
    text: [greeting(to), '', ...lines, '', `Manage your appointments: ${options.manageUrl}`].join(
      '\n',
    ),
    html: mailPage(title, [escapeHtml(greeting(to)), ...lines.map(escapeHtml)], {
      label: 'Manage your appointments',
      href: options.manageUrl,
    }),
  };
}

/**
 * The one booking mail of a series to its client (docs/decisions/067-seats-and-series.md):
 * every booked occurrence, in order; the attached calendar file holds them all.
 */
export function seriesBookedMail(
  to: Recipient,
  series: {
    serviceType: string;
    providerName: string;
    occurrences: { startsAt: Date; endsAt: Date }[];
  },
  manageUrl: string,
): Omit<MailMessage, 'attachments'> {
  const what = `${series.serviceType} with ${series.providerName}`;
  const n = series.occurrences.length;
  const title = `Series booked: ${what}`;
  const lead = `Your series is booked: ${what}, ${n} appointment${n === 1 ? '' : 's'}.`;
  const whens = series.occurrences.map((o) => whenText(o, to.timezone));
  const closing = 'The attached calendar file adds them to your calendar (or updates them).';
  return {
    to: to.email,
    subject: title,
    text: [
      greeting(to),
      '',
      lead,
      ...whens.map((when) => `- ${when}`),
      closing,
      '',
      `Manage your appointments: ${manageUrl}`,
    ].join('\n'),
    html: mailPage(
      title,
      [
        escapeHtml(greeting(to)),
        escapeHtml(lead),
        { items: whens.map(escapeHtml) },
        escapeHtml(closing),
      ],
      { label: 'Manage your appointments', href: manageUrl },
    ),
  };
}

export function reminderMail(
  to: Recipient,
  appointment: MailAppointment,
  hoursBefore: number,
  urls: { manage: string } & OptOut,
): MailMessage {
  const when = whenText(appointment, to.timezone);
  const what = `${appointment.serviceType} ${withWhom(appointment)}`;
  const title = `Reminder: ${what} in ${hoursBefore} hours`;
  const lines = [`This is a reminder of your appointment: ${what}.`, `When: ${when}`];
  const optOut = optOutParts('appointment reminders', urls);
  return {
    to: to.email,
    subject: title,
    text: [
      greeting(to),
      '',
      ...lines,
      '',
      `Manage your appointments: ${urls.manage}`,
      '',
      optOut.text,
    ].join('\n'),
    html: mailPage(
      title,
      [escapeHtml(greeting(to)), ...lines.map(escapeHtml)],
      { label: 'Manage your appointments', href: urls.manage },
      optOut.html,
    ),
    headers: optOut.headers,
  };
}

export function reviewRequestMail(
  to: Recipient,
  appointment: MailAppointment,
  reviewUrl: string,
  urls: OptOut,
): MailMessage {
  const title = `How was your ${appointment.serviceType} with ${appointment.otherName}?`;
  const lines = [
    `Your appointment on ${whenText(appointment, to.timezone)} is over.`,
    'A short review helps other clients choose, and helps your provider improve.',
  ];
  const optOut = optOutParts('booking updates and review requests', urls);
  return {
    to: to.email,
    subject: title,
    text: [greeting(to), '', ...lines, '', `Leave a review: ${reviewUrl}`, '', optOut.text].join(
      '\n',
    ),
    html: mailPage(
      title,
      [escapeHtml(greeting(to)), ...lines.map(escapeHtml)],
      { label: 'Leave a review', href: reviewUrl },
      optOut.html,
    ),
    headers: optOut.headers,
  };
}

export function passwordResetMail(to: Recipient, link: string): MailMessage {
  const title = 'Reset your Slotwise password';
  const lines = [
    'Someone (hopefully you) asked to reset the password of your Slotwise account.',
    'The link is valid for 1 hour and can be used once. Using it signs you out everywhere.',
    "If you didn't ask for this, you can ignore this email: your password stays as it is.",
  ];
  return {
    to: to.email,
    subject: title,
    text: [greeting(to), '', lines[0]!, link, '', lines[1]!, lines[2]!].join('\n'),
    html: mailPage(
      title,
      [
        escapeHtml(greeting(to)),
        ...lines.map(escapeHtml),
        `Or copy this link into your browser: ${escapeHtml(link)}`,
      ],
      {
        label: 'Choose a new password',
        href: link,
      },
    ),
  };
}
