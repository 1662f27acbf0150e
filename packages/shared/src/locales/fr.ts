// The fr catalogue, one file per area (docs/decisions/074-languages.md): keys are the English texts.
import common from './fr/common.json';
import accounts from './fr/accounts.json';
import appointments from './fr/appointments.json';
import availability from './fr/availability.json';
import catalogueArea from './fr/catalogue.json';
import discovery from './fr/discovery.json';
import reviews from './fr/reviews.json';
import messagesArea from './fr/messages.json';
import notifications from './fr/notifications.json';
import business from './fr/business.json';
import payments from './fr/payments.json';
import waitlist from './fr/waitlist.json';
import calendarSync from './fr/calendar-sync.json';
import admin from './fr/admin.json';
import server from './fr/server.json';
import embed from './fr/embed.json';
import seo from './fr/seo.json';

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
