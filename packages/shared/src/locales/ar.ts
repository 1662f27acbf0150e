// The ar catalogue, one file per area (docs/decisions/074-languages.md): keys are the English texts.
import common from './ar/common.json';
import accounts from './ar/accounts.json';
import appointments from './ar/appointments.json';
import availability from './ar/availability.json';
import catalogueArea from './ar/catalogue.json';
import discovery from './ar/discovery.json';
import reviews from './ar/reviews.json';
import messagesArea from './ar/messages.json';
import notifications from './ar/notifications.json';
import business from './ar/business.json';
import payments from './ar/payments.json';
import waitlist from './ar/waitlist.json';
import calendarSync from './ar/calendar-sync.json';
import admin from './ar/admin.json';
import server from './ar/server.json';
import embed from './ar/embed.json';
import seo from './ar/seo.json';

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
