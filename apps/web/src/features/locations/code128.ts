import { code128, drawingSVG } from 'bwip-js/browser';

/** A barcode drawn by bwip-js as the SVG's box and its bars, each path a set of bars of one width. */
export interface BarcodeDrawing {
  viewBox: string;
  paths: Array<{ strokeWidth: number; d: string }>;
}

const attribute = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1];

/** Code 128's quiet zone: at least 10 modules of white on either side of the bars, or a scanner may not find them. */
export const QUIET_ZONE_MODULES = 10;

/**
 * The Code 128 barcode of a location's code (what a scanner reads back), as bwip-js draws it in SVG: its paths
 * are read out of the markup, so the page draws them as React elements and never injects markup. Bars only: the
 * label prints the code beside it in its own text. The box holds the quiet zone on either side, so that the
 * barcode keeps it however wide it is drawn (a module is `scale` units wide, and bwip-js pads in modules).
 */
export function code128Drawing(text: string): BarcodeDrawing {
  const svg = code128({ bcid: 'code128', text, height: 10, scale: 2, includetext: false, paddingwidth: QUIET_ZONE_MODULES }, drawingSVG());
  const paths = [...svg.matchAll(/<path [^>]*\/>/g)].flatMap(([tag]) => {
    const d = attribute(tag, 'd');
    return d ? [{ strokeWidth: Number(attribute(tag, 'stroke-width') ?? 1), d }] : [];
  });
  return { viewBox: attribute(svg, 'viewBox') ?? '0 0 0 0', paths };
}
