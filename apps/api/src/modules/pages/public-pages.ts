import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Request, RequestHandler, Response } from 'express';
import type { LandingData } from '@book-warehouse/types/landing';
import type { Logger } from '../../lib/logger';

/** What the web build's drawing of the public pages offers (apps/web/src/entry-server.tsx, built to dist-ssr). */
interface PageDrawer {
  /** The public pages that show the landing's books and comments. */
  landingPaths: readonly string[];
  /** The page's document: `shell` with its title and its root element, drawn with `landingJson` (and followed by it) when given. */
  drawPage(shell: string, pathname: string, landingJson?: string): string;
}

const ROOT_DIV = '<div id="root"></div>';
/** How long a visitor's landing page waits for its data before the page drawn at build time is sent instead. */
const LANDING_DATA_WAIT_MS = 1000;

/**
 * The drawing of the landing page, from the web build's dist-ssr beside `webDist` (apps/web/scripts/prerender.mjs
 * leaves entry-server.cjs and the page's shell there); undefined when the build has none.
 */
function loadDrawer(ssrDir: string, logger: Logger): { drawer: PageDrawer; shell: string } | undefined {
  const entry = path.join(ssrDir, 'entry-server.cjs');
  const shellFile = path.join(ssrDir, 'public-shell.html');
  if (!fs.existsSync(entry) || !fs.existsSync(shellFile)) return undefined;
  try {
    const shell = fs.readFileSync(shellFile, 'utf8');
    if (!shell.includes(ROOT_DIV)) throw new Error(`${shellFile} has no ${ROOT_DIV}`);
    return { drawer: createRequire(entry)(entry) as PageDrawer, shell };
  } catch (error) {
    logger.error({ err: error }, 'the drawing of the landing page could not be loaded: the pages drawn at build time are sent');
    return undefined;
  }
}

export interface LandingReads {
  /** What GET /books?limit=6, /reviews?page=0 and /reviewCount answer a signed-out visitor. */
  read: () => Promise<LandingData>;
  /** The API's read rate limit (rate-limits.ts): a drawing reads the database as those three calls would. */
  limit: RequestHandler;
}

/**
 * The web app's pages outside /api (docs/decisions/016-landing-prerender.md). The landing page (`/`, `/home`) is
 * drawn per request with its books and comments as a signed-out visitor reads them, and that data goes along
 * in the page, so the browser shows it whole before any script runs and hydrates it without asking again.
 * The other public pages were drawn at build time: `/` is pages/index.html, `/<name>` is pages/<name>.html; any
 * other path is the single-page app's index.html, whose router shows its 404 page. The landing page drawn at
 * build time is sent instead when the client has used up its reads (no database work for it), when the data
 * does not come within LANDING_DATA_WAIT_MS (the database down), or when the drawing fails: its skeletons then
 * wait for the API like any client.
 */
export function createPublicPages(webDist: string, landing: LandingReads, logger: Logger): RequestHandler {
  // Read once: the build does not change under a running server.
  const pagesDir = path.join(webDist, 'pages');
  const prerendered = new Set(fs.existsSync(pagesDir) ? fs.readdirSync(pagesDir) : []);
  const pageFile = (urlPath: string) => {
    const name = urlPath === '/' ? 'index.html' : `${urlPath.slice(1)}.html`;
    return /^[a-z-]+\.html$/.test(name) && prerendered.has(name) ? path.join(pagesDir, name) : undefined;
  };
  const drawing = loadDrawer(path.join(webDist, '..', 'dist-ssr'), logger);

  const drawLanding = async (pathname: string, { drawer, shell }: NonNullable<typeof drawing>) => {
    const late = new AbortController();
    const data = await Promise.race([
      landing.read().finally(() => late.abort()),
      sleep(LANDING_DATA_WAIT_MS, undefined, { signal: late.signal }).then(() => {
        throw new Error(`no landing data within ${LANDING_DATA_WAIT_MS} ms`);
      }),
    ]);
    return drawer.drawPage(shell, pathname, JSON.stringify(data));
  };

  /** Counts the request as a read; false when the client is past its limit (the 429 is not sent). */
  const withinReads = (req: Request, res: Response) =>
    new Promise<boolean>((resolve) => void landing.limit(req, res, (error?: unknown) => resolve(error === undefined)));

  return async (req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    if (drawing?.drawer.landingPaths.includes(req.path) && (await withinReads(req, res))) {
      try {
        res.type('html').send(await drawLanding(req.path, drawing));
        return;
      } catch (error) {
        logger.warn({ err: error }, 'the landing page was sent as drawn at build time');
      }
    }
    res.sendFile(pageFile(req.path) ?? path.join(webDist, 'index.html'));
  };
}
