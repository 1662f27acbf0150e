/**
 * The demo marketplace's people: two dozen providers over the eight categories of
 * docs/product.md, three clients, and the demo accounts' credentials (demo data).
 */

export const DEMO_PASSWORD = 'Password123';
export const DEMO_CLIENT_EMAIL = 'demo.client@slotwise.test';
export const DEMO_PROVIDER_EMAIL = 'demo.provider@slotwise.test';

export interface DemoProvider {
  firstName: string;
  lastName: string;
  specialty: string;
  bio: string;
  email?: string;
}

/** Per category: the slot length and the services the slots offer. */
export const CATEGORIES: Record<string, { minutes: number; services: string[] }> = {
  Barber: { minutes: 30, services: ['Haircut', 'Beard trim', 'Haircut & beard'] },
  Driver: { minutes: 60, services: ['City ride', 'Airport transfer'] },
  Tutor: { minutes: 60, services: ['Math tutoring', 'Essay coaching', 'Exam prep'] },
  Photographer: { minutes: 60, services: ['Portrait session', 'Headshots', 'Family photos'] },
  Mechanic: { minutes: 60, services: ['Oil change', 'Brake inspection', 'Diagnostics'] },
  Plumber: { minutes: 60, services: ['Leak repair', 'Drain cleaning', 'Fixture install'] },
  Electrician: { minutes: 60, services: ['Outlet install', 'Lighting repair', 'Safety check'] },
  Cleaner: { minutes: 60, services: ['Standard cleaning', 'Deep cleaning', 'Move-out cleaning'] },
};

export const PROVIDERS: DemoProvider[] = [
  {
    firstName: 'Marcus',
    lastName: 'Reed',
    specialty: 'Barber',
    email: DEMO_PROVIDER_EMAIL,
    bio: 'Classic cuts and sharp fades for fifteen years. Hot-towel shaves on request.',
  },
  {
    firstName: 'Tomás',
    lastName: 'Silva',
    specialty: 'Barber',
    bio: 'Modern styles, beard sculpting and kids’ cuts in a relaxed neighbourhood shop.',
  },
  {
    firstName: 'Kenji',
    lastName: 'Watanabe',
    specialty: 'Barber',
    bio: 'Precision scissor work and textured crops. Walk out looking like yourself, only better.',
  },
  {
    firstName: 'Grace',
    lastName: 'Okafor',
    specialty: 'Driver',
    bio: 'Licensed private driver. Airport runs, school pick-ups and errands, always on time.',
  },
  {
    firstName: 'Luis',
    lastName: 'Fernández',
    specialty: 'Driver',
    bio: 'Comfortable sedan, spotless record and a good playlist. Bilingual English/Spanish.',
  },
  {
    firstName: 'Hannah',
    lastName: 'Becker',
    specialty: 'Driver',
    bio: 'Minivan with child seats available. Happy to help with groceries and luggage.',
  },
  {
    firstName: 'Priya',
    lastName: 'Raman',
    specialty: 'Tutor',
    bio: 'Math and physics tutor for middle and high school. Patient, structured, exam-focused.',
  },
  {
    firstName: 'Daniel',
    lastName: 'Cohen',
    specialty: 'Tutor',
    bio: 'Former English teacher. Essay writing, reading comprehension and college applications.',
  },
  {
    firstName: 'Amara',
    lastName: 'Mensah',
    specialty: 'Tutor',
    bio: 'Chemistry and biology, from homework help to AP exam preparation.',
  },
  {
    firstName: 'Sofia',
    lastName: 'Rossi',
    specialty: 'Photographer',
    bio: 'Natural-light portraits and family sessions, indoors or at your favourite park.',
  },
  {
    firstName: 'Ethan',
    lastName: 'Brooks',
    specialty: 'Photographer',
    bio: 'Professional headshots for LinkedIn, actors and teams. Same-week delivery.',
  },
  {
    firstName: 'Mei',
    lastName: 'Lin',
    specialty: 'Photographer',
    bio: 'Events, product shots and small weddings. Editing included in every session.',
  },
  {
    firstName: 'Jamal',
    lastName: 'Carter',
    specialty: 'Mechanic',
    bio: 'Mobile mechanic: oil changes, brakes and batteries done in your driveway.',
  },
  {
    firstName: 'Olga',
    lastName: 'Petrova',
    specialty: 'Mechanic',
    bio: 'Certified technician specialising in diagnostics and European cars.',
  },
  {
    firstName: 'Ryan',
    lastName: "O'Connor",
    specialty: 'Mechanic',
    bio: 'Honest quotes, no upselling. Pre-purchase inspections and routine maintenance.',
  },
  {
    firstName: 'Ana',
    lastName: 'Lopez',
    specialty: 'Plumber',
    bio: 'Leaks, clogs and water heaters. Licensed and insured, same-day visits when possible.',
  },
  {
    firstName: 'Mateo',
    lastName: 'García',
    specialty: 'Plumber',
    bio: 'Bathroom and kitchen fixtures installed cleanly, with a tidy workspace guaranteed.',
  },
  {
    firstName: 'Bill',
    lastName: 'Turner',
    specialty: 'Plumber',
    bio: 'Thirty years of pipes. Drain cleaning, sump pumps and emergency repairs.',
  },
  {
    firstName: 'Fatima',
    lastName: 'Haddad',
    specialty: 'Electrician',
    bio: 'Licensed electrician: lighting, outlets, panels and EV charger installation.',
  },
  {
    firstName: 'Noah',
    lastName: 'Williams',
    specialty: 'Electrician',
    bio: 'Smart-home wiring, ceiling fans and safety inspections for older homes.',
  },
  {
    firstName: 'Ingrid',
    lastName: 'Larsen',
    specialty: 'Electrician',
    bio: 'Small jobs welcome. Fast troubleshooting of tripping breakers and flickering lights.',
  },
  {
    firstName: 'Rosa',
    lastName: 'Martínez',
    specialty: 'Cleaner',
    bio: 'Thorough home cleaning with eco-friendly products. Weekly or one-off visits.',
  },
  {
    firstName: 'Chloe',
    lastName: 'Dubois',
    specialty: 'Cleaner',
    bio: 'Deep cleans and move-out cleaning that get the deposit back.',
  },
  {
    firstName: 'Samuel',
    lastName: 'Adeyemi',
    specialty: 'Cleaner',
    bio: 'Apartments and small offices. Reliable, discreet and detail-oriented.',
  },
];

export const CLIENTS = [
  { firstName: 'Jordan', lastName: 'Miller', email: DEMO_CLIENT_EMAIL },
  { firstName: 'Emily', lastName: 'Chen', email: 'emily.chen@slotwise.test' },
  { firstName: 'Lucas', lastName: 'Schmidt', email: 'lucas.schmidt@slotwise.test' },
];

/** The demo address of a person: the given one, else first.last@slotwise.test. */
export function emailOf(person: { firstName: string; lastName: string; email?: string }): string {
  if (person.email) return person.email;
  const ascii = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z]/g, '');
  return `${ascii(person.firstName)}.${ascii(person.lastName)}@slotwise.test`;
}
