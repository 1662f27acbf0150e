// `npm run demo:cancel`: against a running `npm start` with its demo data, the client who holds
// the busy demo provider's next booking cancels it through the API; the waitlist offers the freed
// slot to the first client waiting (docs/product.md §17, docs/decisions/069-waitlist.md), and
// this prints who got it, read back through the API as that client. Open /waitlist as the demo
// client first to watch 'Slot Available' arrive. SLOTWISE_URL overrides http://localhost:5001;
// DEMO_PASSWORD the demo accounts' password.
// The people are those of apps/server/src/demo/demo-waitlist.ts and demo-catalogue.ts.
const base = (process.env.SLOTWISE_URL ?? 'http://localhost:5001').replace(/\/$/, '');
const password = process.env.DEMO_PASSWORD ?? 'Password123';
const BUSY_PROVIDER = { firstName: 'Sofia', lastName: 'Rossi' };
/** Demo accounts whose address is not first.last@slotwise.test (demo-catalogue.ts). */
const EXPLICIT_EMAILS = { 'Jordan Miller': 'demo.client@slotwise.test' };

/** The demo address of a person (emailOf in demo-catalogue.ts). */
function emailOf({ firstName, lastName }) {
  const explicit = EXPLICIT_EMAILS[`${firstName} ${lastName}`];
  if (explicit) return explicit;
  const ascii = (s) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z]/g, '');
  return `${ascii(firstName)}.${ascii(lastName)}@slotwise.test`;
}

async function call(method, path, token, body) {
  let res;
  try {
    res = await fetch(`${base}/api${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch (error) {
    throw new Error(`${base} does not answer (is \`npm start\` running?): ${error.message}`);
  }
  const text = await res.text();
  const json = text ? JSON.parse(text) : {};
  if (!res.ok) throw new Error(`${method} /api${path}: ${res.status} ${json.message ?? text}`);
  return json;
}

async function signIn(email) {
  return (await call('POST', '/auth/login', null, { email, password })).token;
}

const nameOf = (p) => `${p.firstName} ${p.lastName}`;
const clientOf = (row) => ({ firstName: row.client_first_name, lastName: row.client_last_name });
const when = (row) => `${row.day} ${row.start_time.slice(0, 5)}`;

async function main() {
  const provider = await signIn(emailOf(BUSY_PROVIDER));
  const waiting = (await call('GET', '/provider/waitlist', provider)).entries;
  const waiters = new Set(waiting.map((e) => nameOf(clientOf(e))));
  console.log(
    `${nameOf(BUSY_PROVIDER)}'s waitlist: ${waiting.map((e) => `${e.position}. ${nameOf(clientOf(e))} (${e.status})`).join(', ') || 'nobody'}`,
  );
  // Her next booking held by someone who is not waiting for her.
  const now = Date.now();
  const next = (
    await call('GET', '/appointment/provider/view?status=booked', provider)
  ).appointments
    .filter((a) => Date.parse(a.starts_at) > now && !waiters.has(nameOf(clientOf(a))))
    .sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at))[0];
  if (!next) throw new Error(`${nameOf(BUSY_PROVIDER)} has no upcoming booking left to cancel`);
  const holder = clientOf(next);
  console.log(
    `${nameOf(holder)} (${emailOf(holder)}) cancels ${when(next)} with ${nameOf(BUSY_PROVIDER)}…`,
  );
  const canceled = await call(
    'PATCH',
    `/appointment/cancel/${next.appointment_id}`,
    await signIn(emailOf(holder)),
    {},
  );
  console.log(`  ${canceled.message}`);

  const offered = (await call('GET', '/provider/waitlist', provider)).entries.find(
    (e) => e.status === 'offered' && !waiting.some((w) => w.id === e.id && w.status === 'offered'),
  );
  if (!offered) {
    console.log('Nobody waiting could take it: the slot is public again.');
    return;
  }
  const offeree = clientOf(offered);
  const offers = (await call('GET', '/waitlist/offers', await signIn(emailOf(offeree)))).offers;
  const offer = offers.find((o) => o.timeslot_id === next.timeslot_id && o.status === 'offered');
  if (!offer) {
    console.log(`Offered to ${nameOf(offeree)} (position ${offered.position}).`);
    return;
  }
  const minutes = Math.round((Date.parse(offer.expires_at) - Date.now()) / 60_000);
  console.log(
    `'Slot Available' → ${nameOf(offeree)} (${emailOf(offeree)}), position ${offered.position}: ` +
      `${when(offer)} held for them until ${offer.expires_at} (${minutes} min); offer ${offer.id}`,
  );
}

main().catch((error) => {
  console.error(`demo:cancel: ${error.message}`);
  process.exit(1);
});
