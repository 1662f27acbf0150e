// The es catalogue, one file per area (docs/decisions/074-languages.md): keys are the English texts.
import common from './es/common.json';
import accounts from './es/accounts.json';
import appointments from './es/appointments.json';
import availability from './es/availability.json';
import catalogueArea from './es/catalogue.json';
import discovery from './es/discovery.json';
import reviews from './es/reviews.json';
import messagesArea from './es/messages.json';
import notifications from './es/notifications.json';
import business from './es/business.json';
import payments from './es/payments.json';
import waitlist from './es/waitlist.json';
import calendarSync from './es/calendar-sync.json';
import admin from './es/admin.json';
import server from './es/server.json';
import embed from './es/embed.json';
import seo from './es/seo.json';

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
