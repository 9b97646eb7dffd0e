// Demo data inserted into an empty database: 30 real books (the first six are the landing page's cards) with their
// real ISBN-13s, a few of them low on stock against their reorder point, their copies spread over a small warehouse
// (two aisles of shelves, a returns area, RECEIVING), and 8 client reviews.
import type { NewBook } from '@book-warehouse/types';

export const SEED_OWNER_EMAIL = 'demo@bookwarehouse.dev';

export const seedBooks: ReadonlyArray<Omit<NewBook, 'email'>> = [
  {
    bookName: 'Clean Code',
    author: 'Robert C. Martin',
    publishar: 'Prentice Hall',
    subTitle: 'A Handbook of Agile Software Craftsmanship',
    description:
      'Even bad code can function, but messy code can bring a development organization to its knees. Robert C. Martin presents practical principles, patterns and case studies for writing code that is readable, testable and easy to change.',
    catagory: 'Programming',
    stockQuantity: 128,
    photo: '/covers/clean-code.svg',
    price: 42.99,
    isbn: '9780132350884',
    reorderPoint: 20,
  },
  {
    bookName: 'Pride and Prejudice',
    author: 'Jane Austen',
    publishar: 'Penguin Classics',
    subTitle: 'A witty comedy of manners and first impressions',
    description:
      "Elizabeth Bennet meets the proud Mr. Darcy, and neither likes what they see. Austen's sparkling novel of love, class and misjudgement remains one of the best-loved books in English.",
    catagory: 'Fiction',
    stockQuantity: 240,
    photo: '/covers/pride-and-prejudice.svg',
    price: 9.99,
    isbn: '9780141439518',
  },
  {
    bookName: 'A Brief History of Time',
    author: 'Stephen Hawking',
    publishar: 'Bantam Books',
    subTitle: 'From the Big Bang to Black Holes',
    description:
      'Stephen Hawking explores the great questions of the universe: where it came from, how time began and whether it will end, written for readers with no background in mathematics.',
    catagory: 'Science',
    stockQuantity: 85,
    photo: '/covers/a-brief-history-of-time.svg',
    price: 18.99,
    isbn: '9780553380163',
  },
  {
    bookName: 'Sapiens',
    author: 'Yuval Noah Harari',
    publishar: 'Harper',
    subTitle: 'A Brief History of Humankind',
    description:
      'How did a minor species of ape come to rule the planet? Harari traces 70,000 years of human history through the cognitive, agricultural and scientific revolutions.',
    catagory: 'History',
    stockQuantity: 152,
    photo: '/covers/sapiens.svg',
    price: 24.99,
    isbn: '9780062316097',
  },
  {
    bookName: 'Thinking, Fast and Slow',
    author: 'Daniel Kahneman',
    publishar: 'Farrar, Straus and Giroux',
    subTitle: 'The two systems that drive the way we think',
    description:
      'Nobel laureate Daniel Kahneman explains the fast, intuitive System 1 and the slow, deliberate System 2, and shows where each one leads our judgements and decisions astray.',
    catagory: 'Business',
    stockQuantity: 64,
    photo: '/covers/thinking-fast-and-slow.svg',
    price: 20.0,
    isbn: '9780374275631',
  },
  {
    bookName: 'Where the Wild Things Are',
    author: 'Maurice Sendak',
    publishar: 'Harper & Row',
    subTitle: 'A Caldecott Medal picture book',
    description:
      'Sent to bed without supper, Max sails away to the land of the wild things and becomes their king. A timeless picture book about imagination, anger and coming home.',
    catagory: 'Children',
    stockQuantity: 310,
    photo: '/covers/where-the-wild-things-are.svg',
    price: 14.99,
    isbn: '9780060254926',
  },
  {
    bookName: 'The Pragmatic Programmer',
    author: 'David Thomas and Andrew Hunt',
    publishar: 'Addison-Wesley',
    subTitle: 'Your Journey to Mastery',
    description:
      'The 20th anniversary edition of the classic guide to the craft of software, from personal responsibility and career growth to architectural techniques that keep code flexible.',
    catagory: 'Programming',
    stockQuantity: 73,
    photo: '/covers/the-pragmatic-programmer.svg',
    price: 49.99,
    isbn: '9780135957059',
  },
  {
    bookName: 'Eloquent JavaScript',
    author: 'Marijn Haverbeke',
    publishar: 'No Starch Press',
    subTitle: 'A Modern Introduction to Programming',
    description: 'A hands-on tour of JavaScript and the web.',
    catagory: 'Programming',
    stockQuantity: 46,
    photo: '/covers/eloquent-javascript.svg',
    price: 39.95,
    isbn: '9781593279509',
  },
  {
    bookName: 'Design Patterns',
    author: 'Erich Gamma, Richard Helm, Ralph Johnson and John Vlissides',
    publishar: 'Addison-Wesley',
    subTitle: 'Elements of Reusable Object-Oriented Software',
    description:
      'The "Gang of Four" catalogue of 23 design patterns, each with its intent, structure and consequences, that gave object-oriented developers a shared vocabulary.',
    catagory: 'Programming',
    stockQuantity: 0,
    photo: '/covers/design-patterns.svg',
    price: 54.99,
    isbn: '9780201633610',
    reorderPoint: 10,
  },
  {
    bookName: 'Refactoring',
    author: 'Martin Fowler',
    publishar: 'Addison-Wesley',
    subTitle: 'Improving the Design of Existing Code',
    description:
      'Martin Fowler shows how to improve the structure of working code in small, safe steps, with a catalogue of refactorings illustrated in JavaScript.',
    catagory: 'Programming',
    stockQuantity: 1,
    photo: '/covers/refactoring.svg',
    price: 47.5,
    isbn: '9780134757599',
    reorderPoint: 5,
  },
  {
    bookName: 'Dune',
    author: 'Frank Herbert',
    publishar: 'Ace Books',
    subTitle: 'The desert planet Arrakis and the spice',
    description:
      'Young Paul Atreides travels to the desert planet Arrakis, the only source of the precious spice melange, where betrayal sets him on the path to becoming a legend.',
    catagory: 'Fiction',
    stockQuantity: 198,
    photo: '/covers/dune.svg',
    price: 11.99,
    isbn: '9780441172719',
    reorderPoint: 50,
  },
  {
    bookName: '1984',
    author: 'George Orwell',
    publishar: 'Secker & Warburg',
    subTitle: 'Big Brother is watching you',
    description: "Orwell's chilling vision of total surveillance.",
    catagory: 'Fiction',
    stockQuantity: 400,
    photo: '/covers/1984.svg',
    price: 8.99,
    isbn: '9780451524935',
  },
  {
    bookName: 'To Kill a Mockingbird',
    author: 'Harper Lee',
    publishar: 'J. B. Lippincott & Co.',
    subTitle: 'A Pulitzer Prize-winning novel of conscience',
    description:
      'Through the eyes of young Scout Finch, Harper Lee tells of her father Atticus defending a Black man falsely accused in a small Alabama town during the Depression.',
    catagory: 'Fiction',
    stockQuantity: 133,
    photo: '/covers/to-kill-a-mockingbird.svg',
    price: 12.99,
    isbn: '9780061120084',
  },
  {
    bookName: 'The Great Gatsby',
    author: 'F. Scott Fitzgerald',
    publishar: "Charles Scribner's Sons",
    subTitle: 'The Jazz Age and the American dream',
    description:
      'Nick Carraway is drawn into the glittering world of his mysterious neighbour Jay Gatsby and his obsession with the lost love of his youth, Daisy Buchanan.',
    catagory: 'Fiction',
    stockQuantity: 57,
    photo: '/covers/the-great-gatsby.svg',
    price: 10.5,
    isbn: '9780743273565',
  },
  {
    bookName: 'The Selfish Gene',
    author: 'Richard Dawkins',
    publishar: 'Oxford University Press',
    subTitle: 'The gene-centred view of evolution',
    description:
      'Richard Dawkins argues that genes, not organisms, are the units of natural selection, and introduces the idea of the meme in this landmark of popular science.',
    catagory: 'Science',
    stockQuantity: 38,
    photo: '/covers/the-selfish-gene.svg',
    price: 16.95,
    isbn: '9780198788607',
  },
  {
    bookName: 'Cosmos',
    author: 'Carl Sagan',
    publishar: 'Random House',
    subTitle: 'The story of cosmic evolution, science and civilisation',
    description: 'A personal voyage through space and time.',
    catagory: 'Science',
    stockQuantity: 92,
    photo: '/covers/cosmos.svg',
    price: 19.99,
    isbn: '9780345539434',
  },
  {
    bookName: 'On the Origin of Species',
    author: 'Charles Darwin',
    publishar: 'John Murray',
    subTitle: 'By Means of Natural Selection',
    description:
      "Darwin's 1859 masterwork sets out the evidence that species evolve over generations through natural selection, founding modern biology.",
    catagory: 'Science',
    stockQuantity: 21,
    photo: '/covers/on-the-origin-of-species.svg',
    price: 13.49,
    isbn: '9780140432053',
  },
  {
    bookName: 'The Double Helix',
    author: 'James D. Watson',
    publishar: 'Atheneum',
    subTitle: 'A Personal Account of the Discovery of the Structure of DNA',
    description:
      "James Watson's candid, fast-paced memoir of the race to uncover the structure of DNA, with all the rivalry and ambition of science as it is really done.",
    catagory: 'Science',
    stockQuantity: 1,
    photo: '/covers/the-double-helix.svg',
    price: 15.0,
    isbn: '9780743216302',
    reorderPoint: 3,
  },
  {
    bookName: 'Guns, Germs, and Steel',
    author: 'Jared Diamond',
    publishar: 'W. W. Norton & Company',
    subTitle: 'The Fates of Human Societies',
    description:
      'Why did Eurasian societies come to conquer others? Jared Diamond points to geography, crops, animals and germs rather than any innate difference between peoples.',
    catagory: 'History',
    stockQuantity: 67,
    photo: '/covers/guns-germs-and-steel.svg',
    price: 22.95,
    isbn: '9780393317558',
  },
  {
    bookName: 'The Guns of August',
    author: 'Barbara W. Tuchman',
    publishar: 'Macmillan',
    subTitle: 'The Outbreak of World War I',
    description:
      'The Pulitzer Prize-winning account of the first month of the First World War, and of the decisions that made it a catastrophe.',
    catagory: 'History',
    stockQuantity: 0,
    photo: '/covers/the-guns-of-august.svg',
    price: 18.0,
    isbn: '9780345476098',
  },
  {
    bookName: 'SPQR',
    author: 'Mary Beard',
    publishar: 'Liveright',
    subTitle: 'A History of Ancient Rome',
    description: 'A thousand years of Rome, retold with wit.',
    catagory: 'History',
    stockQuantity: 44,
    photo: '/covers/spqr.svg',
    price: 21.99,
    isbn: '9781631492228',
  },
  {
    bookName: 'Team of Rivals',
    author: 'Doris Kearns Goodwin',
    publishar: 'Simon & Schuster',
    subTitle: 'The Political Genius of Abraham Lincoln',
    description:
      'Doris Kearns Goodwin shows how Abraham Lincoln brought his former opponents for the 1860 nomination into his cabinet and steered a divided nation through the Civil War.',
    catagory: 'History',
    stockQuantity: 12,
    photo: '/covers/team-of-rivals.svg',
    price: 23.5,
    isbn: '9780743270755',
    reorderPoint: 15,
  },
  {
    bookName: 'Good to Great',
    author: 'Jim Collins',
    publishar: 'HarperBusiness',
    subTitle: "Why Some Companies Make the Leap... and Others Don't",
    description:
      'A five-year research project into the companies that turned good results into great ones, and the disciplined leadership that made the difference.',
    catagory: 'Business',
    stockQuantity: 81,
    photo: '/covers/good-to-great.svg',
    price: 29.99,
    isbn: '9780066620992',
  },
  {
    bookName: 'The Lean Startup',
    author: 'Eric Ries',
    publishar: 'Crown Business',
    subTitle: "How Today's Entrepreneurs Use Continuous Innovation to Create Radically Successful Businesses",
    description:
      'Eric Ries shows how validated learning, rapid experiments and the build-measure-learn loop help new ventures find what customers want before the money runs out.',
    catagory: 'Business',
    stockQuantity: 109,
    photo: '/covers/the-lean-startup.svg',
    price: 26.0,
    isbn: '9780307887894',
  },
  {
    bookName: 'Zero to One',
    author: 'Peter Thiel with Blake Masters',
    publishar: 'Crown Business',
    subTitle: 'Notes on Startups, or How to Build the Future',
    description: 'Why the best startups create something new.',
    catagory: 'Business',
    stockQuantity: 0,
    photo: '/covers/zero-to-one.svg',
    price: 27.0,
    isbn: '9780804139298',
  },
  {
    bookName: "The Innovator's Dilemma",
    author: 'Clayton M. Christensen',
    publishar: 'Harvard Business School Press',
    subTitle: 'When New Technologies Cause Great Firms to Fail',
    description:
      'Clayton Christensen explains how well-managed companies, by doing everything right, can lose their markets to disruptive technologies that start out small and cheap.',
    catagory: 'Business',
    stockQuantity: 9,
    photo: '/covers/the-innovators-dilemma.svg',
    price: 19.5,
    isbn: '9780062060242',
    reorderPoint: 10,
  },
  {
    bookName: "Charlotte's Web",
    author: 'E. B. White',
    publishar: 'Harper & Brothers',
    subTitle: 'The story of a pig, a spider and true friendship',
    description:
      'When Wilbur the pig learns he is destined for the dinner table, his clever friend Charlotte the spider weaves words into her web to save him.',
    catagory: 'Children',
    stockQuantity: 1,
    photo: '/covers/charlottes-web.svg',
    price: 8.99,
    isbn: '9780064400558',
  },
  {
    bookName: 'The Very Hungry Caterpillar',
    author: 'Eric Carle',
    publishar: 'Philomel Books',
    subTitle: 'A classic board book about growing up',
    description: 'One tiny caterpillar, one very big appetite.',
    catagory: 'Children',
    stockQuantity: 275,
    photo: '/covers/the-very-hungry-caterpillar.svg',
    price: 10.99,
    isbn: '9780399226908',
  },
  {
    bookName: 'Matilda',
    author: 'Roald Dahl',
    publishar: 'Jonathan Cape',
    subTitle: 'A bookworm with extraordinary powers',
    description:
      'Matilda Wormwood is a brilliant girl with neglectful parents and a terrifying headmistress, Miss Trunchbull, until she discovers a remarkable power of her own.',
    catagory: 'Children',
    stockQuantity: 0,
    photo: '/covers/matilda.svg',
    price: 7.99,
    isbn: '9780142410370',
  },
  {
    bookName: 'The Hobbit',
    author: 'J. R. R. Tolkien',
    publishar: 'George Allen & Unwin',
    subTitle: 'There and Back Again',
    description:
      'Bilbo Baggins is swept from his comfortable hobbit-hole into a quest with thirteen dwarves and the wizard Gandalf to reclaim a treasure guarded by the dragon Smaug.',
    catagory: 'Children',
    stockQuantity: 164,
    photo: '/covers/the-hobbit.svg',
    price: 14.5,
    isbn: '9780547928227',
  },
];

/** The demo locations, each after its parent: a warehouse with two aisles of three shelves, and a returns area. */
export const seedLocations: ReadonlyArray<{ code: string; name: string; parent: string | null; holdsStock: boolean }> = [
  { code: 'WH', name: 'Main warehouse', parent: null, holdsStock: false },
  ...['A', 'B'].flatMap((aisle) => [
    { code: `WH-${aisle}`, name: `Aisle ${aisle}`, parent: 'WH', holdsStock: false },
    ...[1, 2, 3].map((shelf) => ({
      code: `WH-${aisle}-0${shelf}`,
      name: `Shelf ${aisle}-0${shelf}`,
      parent: `WH-${aisle}`,
      holdsStock: true,
    })),
  ]),
  { code: 'RETURNS', name: 'Returns area', parent: null, holdsStock: true },
];

const SHELVES = seedLocations.filter((location) => location.code.startsWith('WH-') && location.holdsStock).map((l) => l.code);

/**
 * Where the demo book at `index` keeps its `quantity` copies, by location code: three quarters on its shelf (its
 * default location), the rest at RECEIVING, and for every fifth book one of those at RETURNS. They add up to
 * `quantity`, as every stock write keeps them.
 */
export function seedStock(index: number, quantity: number): { shelf: string; at: Array<[code: string, quantity: number]> } {
  const shelf = SHELVES[index % SHELVES.length]!;
  const onShelf = Math.ceil((quantity * 3) / 4);
  const returned = index % 5 === 0 && quantity > onShelf ? 1 : 0;
  const at: Array<[string, number]> = [
    [shelf, onShelf],
    ['RETURNS', returned],
    ['RECEIVING', quantity - onShelf - returned],
  ];
  return { shelf, at: at.filter(([, n]) => n > 0) };
}

export const seedReviews: ReadonlyArray<{ name: string; img: string; time: string; description: string }> = [
  {
    name: 'Harbour Lane Books',
    img: '/avatars/reader.svg',
    time: '1/14/2026, 9:42:00 AM',
    description:
      'We moved our whole back-stock to Book Warehouse in January. Stock counts are always accurate and restocking takes a couple of clicks.',
  },
  {
    name: 'Maple Street Public Library',
    img: '/avatars/reader.svg',
    time: '2/27/2026, 2:05:00 PM',
    description: 'Our branch orders arrive complete and on time. The staff even flagged a title that was about to run out.',
  },
  {
    name: 'Priya Raman',
    img: '/avatars/reader.svg',
    time: '4/8/2026, 11:30:00 AM',
    description: 'Found an out-of-print programming classic here when nobody else had it. Fast delivery and carefully packed.',
  },
  {
    name: 'The Reading Nook',
    img: '/avatars/reader.svg',
    time: '5/19/2026, 4:48:00 PM',
    description:
      'Being able to see exactly how many copies are left before we order saves us so much back-and-forth. Highly recommended for small shops.',
  },
  {
    name: 'Daniel Okafor',
    img: '/avatars/reader.svg',
    time: '7/2/2026, 10:15:00 AM',
    description: "Good prices on the children's range. I would love a few more picture books in stock before the holidays.",
  },
  {
    name: 'Westbrook School Library',
    img: '/avatars/reader.svg',
    time: '8/21/2026, 1:20:00 PM',
    description: 'We ordered 120 copies of a set text for the new term and every single one arrived in perfect condition.',
  },
  {
    name: 'Chapter & Verse Booksellers',
    img: '/avatars/reader.svg',
    time: '10/6/2026, 3:55:00 PM',
    description: 'Reliable partner for three years now. The history log makes it easy to check who delivered what and when.',
  },
  {
    name: 'Elena Moretti',
    img: '/avatars/reader.svg',
    time: '11/3/2026, 10:15:00 AM',
    description: 'A well-organised warehouse with a great science and history selection. My book club orders here every month.',
  },
];
