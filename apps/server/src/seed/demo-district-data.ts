/** The people and places of the demo district. Every name is invented. demo-district.ts writes them. */

export interface Person {
  firstName: string;
  lastName: string;
  /** Defaults to `first.last` in lower case. */
  username?: string;
}

export interface DemoClass {
  name: string;
  /** An academic level name from content/taxonomy/reference-data.json. */
  grade: string;
  /** Usernames of the staff who teach it. */
  teachers: string[];
  /** Series its students read in, in the order they are dealt out (ids of SERIES in @readalong/contracts). */
  seriesIds: number[];
  roster: Person[];
}

export interface DemoSchool {
  name: string;
  owner: Person;
  teachers: Person[];
  classes: DemoClass[];
  licencePacks: { name: string; seats: number }[];
  /** Given ten weeks of reading by its placed students (demo-history.ts). */
  hasReadingHistory?: boolean;
}

export const DEMO_PASSWORD = 'readalong';
export const DEMO_EMAIL_DOMAIN = 'riverbend.example';

const SERIES_ID = { A: 1, B: 2, C: 3, BR: 6 } as const;

/** "Ava Brooks" → { firstName: 'Ava', lastName: 'Brooks' }; keeps the rosters below readable. */
const people = (...names: string[]): Person[] =>
  names.map((name) => {
    const [firstName = '', ...rest] = name.split(' ');
    return { firstName, lastName: rest.join(' ') };
  });

export const DEMO_DISTRICT = {
  name: 'Riverbend Unified',
  head: { firstName: 'Priya', lastName: 'Raman', username: 'demo.head' } satisfies Person,
  schools: [
    {
      name: 'Willow Creek Elementary',
      owner: { firstName: 'Marcus', lastName: 'Bell', username: 'demo.owner' },
      teachers: [
        { firstName: 'Hannah', lastName: 'Okafor', username: 'demo.teacher' },
        { firstName: 'Tomás', lastName: 'Reyes' },
        { firstName: 'Grace', lastName: 'Whitfield' },
      ],
      classes: [
        {
          name: 'Grade 2 Aspen',
          grade: 'Grade 2',
          teachers: ['tomas.reyes'],
          seriesIds: [SERIES_ID.BR, SERIES_ID.BR, SERIES_ID.A],
          roster: people(
            'Ava Brooks',
            'Mateo Alvarez',
            'Zara Haddad',
            'Owen Fitzgerald',
            'Mei Tanaka',
            'Elijah Carter',
            'Nora Kowalski',
            'Samuel Osei',
            'Lily Donovan',
          ),
        },
        {
          name: 'Grade 3 Maple',
          grade: 'Grade 3',
          teachers: ['demo.teacher'],
          seriesIds: [SERIES_ID.A, SERIES_ID.A, SERIES_ID.B],
          roster: [
            { firstName: 'Leo', lastName: 'Fontaine', username: 'demo.student' },
            ...people(
              'Isla Mensah',
              'Kai Henderson',
              'Amara Nwosu',
              'Lucas Moreau',
              'Chloe Park',
              'Theo Ramirez',
              'Freya Sullivan',
              'Yusuf Demir',
            ),
          ],
        },
        {
          name: 'Grade 3 Birch',
          grade: 'Grade 3',
          teachers: ['demo.teacher', 'grace.whitfield'],
          seriesIds: [SERIES_ID.A, SERIES_ID.B, SERIES_ID.BR],
          roster: people(
            'Ruby Castillo',
            'Finn Gallagher',
            'Aisha Rahman',
            'Jonah Whitaker',
            'Sienna Rossi',
            'Arjun Mehta',
            'Maeve Byrne',
            'Caleb Foster',
          ),
        },
        {
          name: 'Grade 4 Cedar',
          grade: 'Grade 4',
          teachers: ['tomas.reyes', 'grace.whitfield'],
          seriesIds: [SERIES_ID.B, SERIES_ID.B, SERIES_ID.C, SERIES_ID.A],
          roster: people(
            'Hazel Quinn',
            'Diego Morales',
            'Imani Okoro',
            'Rowan Ellis',
            'Leila Karimi',
            'Ethan Novak',
            'Poppy Harrington',
            'Kofi Asante',
            'Clara Jensen',
          ),
        },
      ],
      licencePacks: [{ name: 'Annual licence', seats: 50 }],
      hasReadingHistory: true,
    },
    {
      name: 'Harbour View School',
      owner: { firstName: 'Ruth', lastName: 'Adeyemi' },
      teachers: [
        { firstName: 'Daniel', lastName: 'Nakamura' },
        { firstName: 'Sofia', lastName: 'Lindqvist' },
      ],
      classes: [
        {
          name: 'Grade 1 Puffin',
          grade: 'Grade 1',
          teachers: ['daniel.nakamura'],
          seriesIds: [SERIES_ID.BR],
          roster: people(
            'Milo Duarte',
            'Hana Sato',
            'Jasper Reid',
            'Esme Larkin',
            'Noah Abara',
            'Willow Grant',
            'Ravi Pillai',
            'Ivy Thornton',
          ),
        },
        {
          name: 'Grade 4 Heron',
          grade: 'Grade 4',
          teachers: ['daniel.nakamura'],
          seriesIds: [SERIES_ID.B, SERIES_ID.A, SERIES_ID.C],
          roster: people(
            'Felix Varga',
            'Naomi Achebe',
            'Oscar Lindgren',
            'Anya Petrova',
            'Gabriel Costa',
            'Tessa McCallum',
            'Omar Farouk',
            'Beatrice Hale',
            "Liam O'Brien",
          ),
        },
        {
          name: 'Grade 5 Osprey',
          grade: 'Grade 5',
          teachers: ['sofia.lindqvist'],
          seriesIds: [SERIES_ID.C, SERIES_ID.B, SERIES_ID.C, SERIES_ID.A],
          roster: people(
            'Elena Vasquez',
            'Tobias Wren',
            'Layla Hussain',
            'Declan Murphy',
            'Juniper Walsh',
            'Emeka Eze',
            'Iris Bergman',
            'Rafael Santos',
          ),
        },
      ],
      // Two packs, as a school that topped up mid-year would have.
      licencePacks: [
        { name: 'Annual licence', seats: 20 },
        { name: 'Top-up licence', seats: 15 },
      ],
    },
  ] satisfies DemoSchool[],
};
