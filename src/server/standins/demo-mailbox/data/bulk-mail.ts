/** Bulk mail's senders and content: newsletters, shops, code review, meetings and forums. */
import { person } from './people.js'
import type { Brand, Category, Contact } from '../types.js'

export const brand = (
  name: string,
  domain: string,
  from: string,
  accent: string,
  address: string,
): Brand => ({
  name,
  domain,
  from,
  accent,
  address,
})

export const NEWSLETTERS: {
  brand: Brand
  category: Category
  subject: string
  intro: string
  items: [string, string][]
}[] = [
  {
    brand: brand('The Browser', 'thebrowser.example', 'news', '#b91c1c', '12 Fleet Lane, London'),
    category: 'CATEGORY_PROMOTIONS',
    subject: 'The Browser: {title}',
    intro: 'Five pieces worth your time today, chosen by our editors from across the web.',
    items: [
      [
        'The quiet economics of public libraries',
        'Why a library card may be the best-value subscription you own.',
      ],
      [
        'How a steel box rewired the world',
        'Containerisation, told through the ports that won and the ones that lost.',
      ],
      [
        'The strange afterlife of abandoned satellites',
        'Thousands of dead machines are still circling us. Who is responsible for them?',
      ],
      [
        'Inside the race to map the ocean floor',
        'We know the surface of Mars better than our own seabed. That is changing.',
      ],
      [
        'Why we keep misjudging how long things take',
        'The planning fallacy, and the few tricks that actually counter it.',
      ],
      [
        'A field guide to urban birdsong',
        'What the blackbird outside your window is really saying.',
      ],
    ],
  },
  {
    brand: brand(
      'Morning Stack',
      'morningstack.example',
      'hello',
      '#2563eb',
      '500 Market St, San Francisco, CA',
    ),
    category: 'CATEGORY_UPDATES',
    subject: '☕ Morning Stack: {title}',
    intro: 'Your five-minute briefing on what happened in software engineering yesterday.',
    items: [
      [
        'Node.js ships a faster built-in test runner',
        'Benchmarks show cold starts down by a third for large suites.',
      ],
      [
        'Postgres beta adds asynchronous I/O',
        'Early numbers on sequential scans are impressive; here is what to watch.',
      ],
      [
        'The case for boring technology, revisited',
        'Ten years on, the original argument holds up better than expected.',
      ],
      [
        'Why your container images are 2 GB',
        'Multi-stage builds, distroless bases and the layer cache, explained.',
      ],
      [
        'A gentle guide to OAuth scopes',
        'Ask for less, explain more, and your consent screen conversion goes up.',
      ],
      [
        'SQLite in production: three years in',
        'One team shares what worked, what broke and what they would redo.',
      ],
    ],
  },
  {
    brand: brand(
      'Product Notes',
      'productnotes.example',
      'digest',
      '#7c3aed',
      '88 Wharf Road, Boston, MA',
    ),
    category: 'CATEGORY_UPDATES',
    subject: 'Product Notes #{issue}: {title}',
    intro: 'This week: writing that ships, pricing that converts, and roadmaps without drama.',
    items: [
      [
        'Writing PRDs people actually read',
        'Start with the problem, end with the decision, cut everything in between.',
      ],
      [
        'Pricing pages that convert',
        'What 40 SaaS pricing pages taught us about anchoring and defaults.',
      ],
      ['Changelogs that build trust', 'Why shipping notes are a growth channel, not a chore.'],
      ['Running a calm roadmap review', 'A facilitation script for the meeting everyone dreads.'],
      ['The one-metric trap', 'North-star metrics are useful until they are not.'],
    ],
  },
  {
    brand: brand(
      "The Runner's Dispatch",
      'runnersdispatch.example',
      'dispatch',
      '#ea580c',
      '19 Trail Ave, Boulder, CO',
    ),
    category: 'CATEGORY_PROMOTIONS',
    subject: "Runner's Dispatch: {title}",
    intro: 'Training tips, race news and one very good playlist.',
    items: [
      [
        'How to build a base without getting hurt',
        'The 10% rule is a start; here is what coaches use instead.',
      ],
      [
        'Five spring half marathons worth travelling for',
        'Flat, fast and with excellent post-race food.',
      ],
      ['Strength work for runners in 20 minutes', 'Three exercises, twice a week. That is it.'],
      ['What to eat the night before a long run', 'Spoiler: not the giant bowl of pasta.'],
    ],
  },
]

export const PROMOS: {
  brand: Brand
  subjects: string[]
  sub: string
  products: [string, string][]
  cta: string
}[] = [
  {
    brand: brand(
      'Northbound Outfitters',
      'northbound.example',
      'deals',
      '#047857',
      '230 Summit Rd, Portland, OR',
    ),
    subjects: [
      'Spring sale: 30% off rain jackets 🌧️',
      'Last chance: free shipping ends tonight',
      'New arrivals for your next trail',
    ],
    sub: 'Lightweight, packable and ready for whatever the forecast says.',
    products: [
      ['Cascade Rain Shell', '$129'],
      ['Trailhead Daypack 22L', '$84'],
      ['Merino Crew Socks (3-pack)', '$36'],
      ['Ridge Fleece Pullover', '$72'],
    ],
    cta: 'Shop the sale',
  },
  {
    brand: brand(
      'Lumen Coffee Roasters',
      'lumencoffee.example',
      'hello',
      '#92400e',
      '41 Roast St, Seattle, WA',
    ),
    subjects: [
      'New single origin from Huila is here ☕',
      'Your next bag ships Friday: add a treat?',
      'Brew guide + 15% off grinders',
    ],
    sub: 'Notes of red apple, panela and cocoa. Roasted this week, shipped fresh.',
    products: [
      ['Huila Single Origin 340g', '$19'],
      ['House Espresso Blend 1kg', '$42'],
      ['Pour-over Kettle', '$58'],
      ['Ceramic Dripper', '$28'],
    ],
    cta: 'Order now',
  },
  {
    brand: brand(
      'Pixel & Pine',
      'pixelandpine.example',
      'shop',
      '#be185d',
      '9 Maker Way, Austin, TX',
    ),
    subjects: [
      'You left something in your cart',
      'Weekend only: 2 for 1 prints',
      'Fresh designs just dropped',
    ],
    sub: 'Limited-run prints and desk goods from independent designers.',
    products: [
      ['Mountain Poster A2', '$32'],
      ['Walnut Desk Organizer', '$48'],
      ['Linen Notebook', '$18'],
      ['Brass Pen', '$26'],
    ],
    cta: 'Complete your order',
  },
  {
    brand: brand(
      'Skyway Airlines',
      'skyway.example',
      'offers',
      '#0369a1',
      '1 Airport Blvd, Denver, CO',
    ),
    subjects: [
      'Fares from $89 to 20 cities ✈️',
      'Double miles on summer trips',
      'Your weekend getaway is waiting',
    ],
    sub: 'Book by Sunday for travel through September.',
    products: [
      ['Lisbon', 'from $389'],
      ['Mexico City', 'from $219'],
      ['Montreal', 'from $149'],
      ['Reykjavik', 'from $329'],
    ],
    cta: 'Find flights',
  },
  {
    brand: brand(
      'Fernwood Home',
      'fernwood.example',
      'news',
      '#4d7c0f',
      '77 Orchard Lane, Asheville, NC',
    ),
    subjects: [
      'The Summer Edit is here',
      'Up to 40% off linen bedding',
      'Members get early access tomorrow',
    ],
    sub: 'Breathable linen, hand-thrown ceramics and everything for slow mornings.',
    products: [
      ['Linen Duvet Set', '$189'],
      ['Stoneware Mug Set', '$54'],
      ['Woven Throw', '$98'],
      ['Oak Serving Board', '$45'],
    ],
    cta: 'Shop the edit',
  },
]

export const REPOS = ['inkwell/web', 'inkwell/api', 'inkwell/sync-worker']
export const DEV_HANDLES: [string, string][] = [
  ['Priya Shah', 'priyash'],
  ['Tom Becker', 'tbecker'],
  ['Ana Sousa', 'anasousa'],
]
export const DEPENDABOT: [string, string] = ['dependabot[bot]', 'dependabot']
export const PULLS = [
  'Add retry with backoff to Gmail history sync',
  'Fix composer losing draft when switching threads',
  'Move label colors to design tokens',
  'Cache thread summaries per history id',
  'Bump vite from 8.2.1 to 8.3.8',
]
export const ISSUES = [
  'Search returns archived threads twice',
  'Keyboard shortcut "e" does not archive in split view',
  'Unsubscribe link missing for some newsletters',
  'Token refresh fails after password change',
]
export const REVIEW_COMMENTS = [
  'Looks good overall. Could we make the retry cap configurable instead of hard-coding 5?',
  'Nit: this function is getting long; maybe split the parsing out?',
  'Approved. Nice test coverage on the edge cases.',
  'I pushed a fix for the flaky test, can you take another look?',
  'Merged into main. Thanks!',
]
export const gitforge = (name: string): Contact => ({ name, email: 'notifications@gitforge.example' })

export const MERCHANTS = [
  'Blue Door Café',
  'Greenline Grocers',
  'Metro Transit',
  'Northbound Outfitters',
  'Cinema Paradiso',
  'Corner Pharmacy',
]
export const FORUM_LISTS: { list: string; topics: string[]; members: Contact[]; lines: string[] }[] = [
  {
    list: 'pg-users@lists.postgres-community.example',
    topics: [
      'Slow query after upgrading to 17',
      'Partitioning time-series tables: best practice?',
      'Autovacuum not keeping up on a hot table',
    ],
    members: [
      person('Henrik Larsen', 'henrik@larsen.dk.example'),
      person('Wei Zhang', 'wzhang@datapipe.example'),
      person('Maria Costa', 'maria.costa@uni-porto.example'),
    ],
    lines: [
      'Can you share EXPLAIN (ANALYZE, BUFFERS) output? Without it we are guessing.',
      'We hit the same thing. Running ANALYZE on the table after the upgrade fixed the plan for us.',
      'Have a look at the planner statistics target for that column; the default is often too low for skewed data.',
    ],
  },
  {
    list: 'design-systems@groups.example',
    topics: [
      'Naming tokens for dark mode',
      'How do you version a component library?',
      'Accessible focus rings that designers like',
    ],
    members: [
      person('Chloe Martin', 'chloe@studiomartin.example'),
      person('Raj Iyer', 'raj.iyer@fintrack.example'),
      person('Sven Olsen', 'sven@olsen.design.example'),
    ],
    lines: [
      'We name tokens by role, not by colour: surface, surface-raised, text-muted. Dark mode is then just another theme file.',
      'Semantic versioning, a changelog per component, and a codemod for every breaking change. The codemods matter most.',
      'A 2px outline with an offset and a contrasting inner ring works on every background we tested.',
    ],
  },
]

export const MEETINGS = {
  internal: [
    'Q{q} planning review',
    'Design critique: {project}',
    'Interview panel: senior designer',
    '{project} go/no-go meeting',
    'Weekly partnerships sync',
  ],
  external: [
    '{company} quarterly business review',
    '{company} <> {ownerCompany}: renewal check-in',
  ],
}
