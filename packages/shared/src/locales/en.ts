// The en catalogue, one file per area (docs/decisions/074-languages.md): keys are the English texts.
import common from './en/common.json';
import accounts from './en/accounts.json';
import appointments from './en/appointments.json';
import availability from './en/availability.json';
import catalogueArea from './en/catalogue.json';
import discovery from './en/discovery.json';
import reviews from './en/reviews.json';
import messagesArea from './en/messages.json';
import notifications from './en/notifications.json';
import business from './en/business.json';
import payments from './en/payments.json';
import waitlist from './en/waitlist.json';
import calendarSync from './en/calendar-sync.json';
import admin from './en/admin.json';
import server from './en/server.json';
import embed from './en/embed.json';
import seo from './en/seo.json';

const catalogue: Record<string, string> = {
  ...common,
  ...accounts,
  ...appointments,
  ...availability,
  ...catalogueArea,
  ...discovery,
  ...reviews,
  ...messagesArea,
  ...notifications,
  ...business,
  ...payments,
  ...waitlist,
  ...calendarSync,
  ...admin,
  ...server,
  ...embed,
  ...seo,
};
export default catalogue;
