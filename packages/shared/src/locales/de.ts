// The de catalogue, one file per area (docs/decisions/074-languages.md): keys are the English texts.
import common from './de/common.json';
import accounts from './de/accounts.json';
import appointments from './de/appointments.json';
import availability from './de/availability.json';
import catalogueArea from './de/catalogue.json';
import discovery from './de/discovery.json';
import reviews from './de/reviews.json';
import messagesArea from './de/messages.json';
import notifications from './de/notifications.json';
import business from './de/business.json';
import payments from './de/payments.json';
import waitlist from './de/waitlist.json';
import calendarSync from './de/calendar-sync.json';
import admin from './de/admin.json';
import server from './de/server.json';
import embed from './de/embed.json';
import seo from './de/seo.json';

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
