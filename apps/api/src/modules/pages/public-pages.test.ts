import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { LANDING_BOOKS } from '@book-warehouse/types/landing';
import { addBook, bearer, capturedLogger, useTestApp, useTestUsers } from '../../../test/helpers';

// The web build's part is stood in for by a drawer that shows what it was given (the real one, from
// apps/web/src/entry-server.tsx, is tested there and in the browser by e2e/visitor.spec.ts): what is tested here
// is what the API reads for the landing page, where it puts the drawing, and what it sends when drawing fails.

const ctx = useTestApp({ emptyBeforeEach: ['books', 'reviews'] });
const [staff] = useTestUsers('Paula Pages');

const DRAWER = `
exports.landingPaths = ['/', '/home'];
exports.drawPage = (shell, pathname, json) => {
  if (json && JSON.parse(json).books.some((book) => book.bookName === 'Undrawable')) throw new Error('cannot draw');
  return shell.replace('<title>Book Warehouse</title>', '<title>Home · Book Warehouse</title>').replace('<div id="root"></div>',
    '<div id="root"><main data-path="' + pathname + '">drawn</main></div>' +
    (json === undefined ? '' : '<script type="application/json" id="landing-data">' + json + '</script>'));
};
`;
const SHELL = '<!doctype html><html><head><title>Book Warehouse</title></head><body><div id="root"></div></body></html>';
const staticPage = (name: string) => `<!doctype html><title>${name} drawn at build time</title>`;

/** A web build in a temporary directory: dist (the app's shell, the pages drawn at build time) and dist-ssr. */
function webBuild(drawer = DRAWER) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'web-build-'));
  const dist = path.join(root, 'dist');
  fs.mkdirSync(path.join(dist, 'pages'), { recursive: true });
  fs.mkdirSync(path.join(root, 'dist-ssr'));
  fs.writeFileSync(path.join(dist, 'index.html'), staticPage('app'));
  for (const name of ['index', 'home', 'about']) fs.writeFileSync(path.join(dist, 'pages', `${name}.html`), staticPage(name));
  fs.writeFileSync(path.join(root, 'dist-ssr', 'entry-server.cjs'), drawer);
  fs.writeFileSync(path.join(root, 'dist-ssr', 'public-shell.html'), SHELL);
  return { dist, remove: () => fs.rmSync(root, { recursive: true }) };
}

const sentData = (html: string): unknown => JSON.parse(/id="landing-data">(.*)<\/script>/s.exec(html)?.[1] ?? 'null');

describe('the landing page, drawn per request', () => {
  let build: ReturnType<typeof webBuild>;
  beforeAll(() => (build = webBuild()));
  afterAll(() => build.remove());

  it.each(['/', '/home'])('%s is drawn into the shell with what a signed-out visitor reads, sent along', async (page) => {
    for (let i = 0; i < LANDING_BOOKS + 2; i++) await addBook(ctx.app, staff, { bookName: `Shelf ${i}` });
    for (const description of ['First', 'Second', 'Third', 'Fourth'])
      await request(ctx.app).post('/api/review').set(bearer(staff)).send({ description }).expect(201);
    const app = ctx.variant({ webDistDir: build.dist });

    const res = await request(app).get(page).expect(200).expect('content-type', /html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.text).toContain('<title>Home · Book Warehouse</title>');
    expect(res.text).toContain(`<body><div id="root"><main data-path="${page}">drawn</main></div><script type="application/json"`);
    // The same three answers the page's queries would get, owners' e-mails left out.
    expect(sentData(res.text)).toEqual({
      books: (await request(app).get(`/api/books?limit=${LANDING_BOOKS}`).expect(200)).body as unknown,
      reviews: (await request(app).get('/api/reviews?page=0').expect(200)).body as unknown,
      reviewCount: { count: 4 },
    });
    expect(JSON.stringify(sentData(res.text))).not.toContain(staff.email);
  });

  it('shows a change at the next request', async () => {
    const app = ctx.variant({ webDistDir: build.dist });
    expect(sentData((await request(app).get('/').expect(200)).text)).toMatchObject({ books: [], reviewCount: { count: 0 } });
    const book = await addBook(ctx.app, staff, { bookName: 'Just In' });
    expect(sentData((await request(app).get('/').expect(200)).text)).toMatchObject({ books: [{ _id: book._id, bookName: 'Just In' }] });
  });

  it('leaves the other pages as drawn at build time, and every other path to the app', async () => {
    const app = ctx.variant({ webDistDir: build.dist });
    expect((await request(app).get('/about').expect(200)).text).toBe(staticPage('about'));
    expect((await request(app).get('/dashboard/manage-items').expect(200)).text).toBe(staticPage('app'));
  });

  it('sends the page drawn at build time, reading nothing, to a client past its read limit', async () => {
    const app = ctx.variant({ webDistDir: build.dist, readRateLimitPerMinute: 2 });
    for (let read = 0; read < 3; read++) await request(app).get('/api/reviewCount');
    await request(app).get('/api/reviewCount').expect(429);
    const res = await request(app).get('/').expect(200);
    expect(res.text).toBe(staticPage('index'));
    expect(res.headers['ratelimit']).toMatch(/^"reads"; r=0;/);
  });

  it('sends the page drawn at build time, and says why in the log, when the drawing fails', async () => {
    await addBook(ctx.app, staff, { bookName: 'Undrawable' });
    const { logger, lines } = capturedLogger();
    const res = await request(ctx.variant({ webDistDir: build.dist }, logger))
      .get('/')
      .expect(200);
    expect(res.text).toBe(staticPage('index'));
    expect(lines).toContainEqual(expect.objectContaining({ level: 40, msg: 'the landing page was sent as drawn at build time' }));
  });
});

it('serves the pages drawn at build time when the build has no drawing it can load', async () => {
  const broken = webBuild('this is not JavaScript (');
  const { logger, lines } = capturedLogger();
  const app = ctx.variant({ webDistDir: broken.dist }, logger);
  try {
    expect((await request(app).get('/').expect(200)).text).toBe(staticPage('index'));
    expect((await request(app).get('/home').expect(200)).text).toBe(staticPage('home'));
  } finally {
    broken.remove();
  }
  expect(lines).toContainEqual(
    expect.objectContaining({
      level: 50,
      msg: 'the drawing of the landing page could not be loaded: the pages drawn at build time are sent',
    }),
  );
});
