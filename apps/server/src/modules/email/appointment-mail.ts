import { msg } from '@slotwise/shared/locales';
import type { Locale } from '@slotwise/shared/locales';
import type { MailMessage } from '../../mail/mailer';
import { translate } from '../../lib/i18n';
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
  /** Their saved language (docs/product.md §21.1); English when none. */
  locale?: Locale | null;
}

export interface MailAppointment {
  serviceType: string;
  /** The other party's name, as the recipient knows them. */
  otherName: string;
  otherRole: 'client' | 'provider';
  startsAt: Date;
  endsAt: Date;
}

/** 'Hi Ana,' in the recipient's language ('Hi there,' without a name). */
export const greeting = (r: { firstName: string; locale?: Locale | null }) => {
  const name = r.firstName.trim();
  return name ? translate(r.locale, 'Hi {{name}},', { name }) : translate(r.locale, 'Hi there,');
};

export const whenText = (
  a: { startsAt: Date; endsAt: Date },
  zone: string,
  locale?: Locale | null,
) =>
  translate(locale, '{{start}} until {{end}}', {
    start: formatInZone(a.startsAt, zone, locale ?? 'en'),
    end: timeInZone(a.endsAt, zone),
  });

/** A mail's HTML: a title, paragraphs, an optional button and footer (also the waitlist's mail). */
export function mailPage(
  title: string,
  /** Already-escaped HTML paragraphs, or the items of a list. */
  paragraphs: (string | { items: string[] })[],
  action?: { label: string; href: string },
  /** Already-escaped HTML of a small footer (the opt-out line). */
  footer?: string,
  locale?: Locale | null,
) {
  const lang = locale ?? 'en';
  const dir = lang === 'ar' ? ' dir="rtl"' : '';
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
  return `<!doctype html><html lang="${lang}"${dir}><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:sans-serif;color:#111827;line-height:1.5">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>
${body}
${button}
${footer ? `<footer><p style="font-size:13px;color:#4b5563">${footer}</p></footer>` : ''}
</body></html>`;
}

/** 'Haircut with Pia Barber' (to the client) / 'Haircut for Eve Lee' (to the provider). */
export const whatOf = (
  a: { serviceType: string; otherName: string; otherRole: 'client' | 'provider' },
  locale?: Locale | null,
) =>
  a.otherRole === 'provider'
    ? translate(locale, '{{service}} with {{name}}', { service: a.serviceType, name: a.otherName })
    : translate(locale, '{{service}} for {{name}}', { service: a.serviceType, name: a.otherName });

/** Where a mail a user can turn off lets them: one-click link and the preferences screen. */
export interface OptOut {
  /** The RFC 8058 link (GET: a page with a button; POST: one click). */
  unsubscribe: string;
  preferences: string;
}

/**
 * The footer line and headers of a mail a user can turn off (never transactional mail). `what`
 * is a message key (`msg('appointment reminders')`), said in `locale`.
 */
export function optOutParts(what: string, optOut: OptOut, locale?: Locale | null) {
  const said = translate(locale, what);
  const link = (href: string, label: string) =>
    `<a href="${escapeHtml(href)}">${escapeHtml(translate(locale, label))}</a>`;
  return {
    text: translate(
      locale,
      "Don't want {{what}} by email? Unsubscribe: {{unsubscribe}} or choose in your notification preferences: {{preferences}}",
      { what: said, unsubscribe: optOut.unsubscribe, preferences: optOut.preferences },
    ),
    html: translate(
      locale,
      "Don't want {{what}} by email? {{unsubscribe}} or choose in your {{preferences}}.",
      {
        what: escapeHtml(said),
        unsubscribe: link(optOut.unsubscribe, 'Unsubscribe'),
        preferences: link(optOut.preferences, 'notification preferences'),
      },
    ),
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
  const l = to.locale;
  const when = whenText(appointment, zone, l);
  const what = whatOf(appointment, l);
  const name = appointment.otherName;
  const you = options.actorIsRecipient;
  let title: string;
  let lead: string;
  switch (type) {
    case 'booked':
      title = translate(l, 'Appointment booked: {{what}}', { what });
      lead = you
        ? translate(l, 'Your appointment is booked: {{what}}.', { what })
        : translate(l, '{{name}} booked an appointment: {{service}}.', {
            name,
            service: appointment.serviceType,
          });
      break;
    case 'canceled':
      title = translate(l, 'Appointment canceled: {{what}}', { what });
      lead = you
        ? translate(l, 'You canceled the appointment: {{what}}.', { what })
        : translate(l, '{{name}} canceled the appointment: {{what}}.', { name, what });
      break;
    case 'rescheduled':
      title = translate(l, 'Appointment rescheduled: {{what}}', { what });
      lead = you
        ? translate(l, 'You moved the appointment: {{what}}.', { what })
        : translate(l, '{{name}} moved the appointment: {{what}}.', { name, what });
      break;
  }
  const lines = [lead, translate(l, 'When: {{when}}', { when })];
  if (type === 'rescheduled' && options.previous) {
    lines.push(translate(l, 'Previously: {{when}}', { when: whenText(options.previous, zone, l) }));
  }
  lines.push(
    type === 'canceled'
      ? translate(l, 'The attached calendar file removes it from your calendar.')
      : translate(l, 'The attached calendar file adds it to your calendar (or updates it).'),
  );
  const manage = translate(l, 'Manage your appointments: {{url}}', { url: options.manageUrl });
  return {
    to: to.email,
    subject: title,
    text: [greeting(to), '', ...lines, '', manage].join('\n'),
    html: mailPage(
      title,
      [escapeHtml(greeting(to)), ...lines.map(escapeHtml)],
      { label: translate(l, 'Manage your appointments'), href: options.manageUrl },
      undefined,
      l,
    ),
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
  const l = to.locale;
  const what = translate(l, '{{service}} with {{name}}', {
    service: series.serviceType,
    name: series.providerName,
  });
  const count = series.occurrences.length;
  const title = translate(l, 'Series booked: {{what}}', { what });
  const lead = translate(l, 'Your series is booked: {{what}}, {{count}} appointments.', {
    what,
    count,
  });
  const whens = series.occurrences.map((o) => whenText(o, to.timezone, l));
  const closing = translate(
    l,
    'The attached calendar file adds them to your calendar (or updates them).',
  );
  const manage = translate(l, 'Manage your appointments: {{url}}', { url: manageUrl });
  return {
    to: to.email,
    subject: title,
    text: [greeting(to), '', lead, ...whens.map((when) => `- ${when}`), closing, '', manage].join(
      '\n',
    ),
    html: mailPage(
      title,
      [
        escapeHtml(greeting(to)),
        escapeHtml(lead),
        { items: whens.map(escapeHtml) },
        escapeHtml(closing),
      ],
      { label: translate(l, 'Manage your appointments'), href: manageUrl },
      undefined,
      l,
    ),
  };
}

export function reminderMail(
  to: Recipient,
  appointment: MailAppointment,
  hoursBefore: number,
  urls: { manage: string } & OptOut,
): MailMessage {
  const l = to.locale;
  const when = whenText(appointment, to.timezone, l);
  const what = whatOf(appointment, l);
  const title = translate(l, 'Reminder: {{what}} in {{hours}} hours', { what, hours: hoursBefore });
  const lines = [
    translate(l, 'This is a reminder of your appointment: {{what}}.', { what }),
    translate(l, 'When: {{when}}', { when }),
  ];
  const optOut = optOutParts(msg('appointment reminders'), urls, l);
  const manage = translate(l, 'Manage your appointments: {{url}}', { url: urls.manage });
  return {
    to: to.email,
    subject: title,
    text: [greeting(to), '', ...lines, '', manage, '', optOut.text].join('\n'),
    html: mailPage(
      title,
      [escapeHtml(greeting(to)), ...lines.map(escapeHtml)],
      { label: translate(l, 'Manage your appointments'), href: urls.manage },
      optOut.html,
      l,
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
  const l = to.locale;
  const title = translate(l, 'How was your {{service}} with {{name}}?', {
    service: appointment.serviceType,
    name: appointment.otherName,
  });
  const lines = [
    translate(l, 'Your appointment on {{when}} is over.', {
      when: whenText(appointment, to.timezone, l),
    }),
    translate(l, 'A short review helps other clients choose, and helps your provider improve.'),
  ];
  const optOut = optOutParts(msg('booking updates and review requests'), urls, l);
  const leave = translate(l, 'Leave a review: {{url}}', { url: reviewUrl });
  return {
    to: to.email,
    subject: title,
    text: [greeting(to), '', ...lines, '', leave, '', optOut.text].join('\n'),
    html: mailPage(
      title,
      [escapeHtml(greeting(to)), ...lines.map(escapeHtml)],
      { label: translate(l, 'Leave a review'), href: reviewUrl },
      optOut.html,
      l,
    ),
    headers: optOut.headers,
  };
}

export function passwordResetMail(to: Recipient, link: string): MailMessage {
  const l = to.locale;
  const title = translate(l, 'Reset your Slotwise password');
  const lines = [
    translate(l, 'Someone (hopefully you) asked to reset the password of your Slotwise account.'),
    translate(
      l,
      'The link is valid for 1 hour and can be used once. Using it signs you out everywhere.',
    ),
    translate(
      l,
      "If you didn't ask for this, you can ignore this email: your password stays as it is.",
    ),
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
        translate(l, 'Or copy this link into your browser: {{link}}', { link: escapeHtml(link) }),
      ],
      { label: translate(l, 'Choose a new password'), href: link },
      undefined,
      l,
    ),
  };
}
