import { z } from 'zod';
import { StatsAnswerSchema, StatsSchema } from './book';
import { ObjectIdSchema } from './common';

/** The categories the chart names one by one, the largest stock value first; the others are summed as one row. */
export const CHART_CATEGORIES = 20;
/** The books with the least stock the chart lists. */
export const CHART_LEAST_STOCKED = 10;
/** The latest history entries that moved a stock or a price which the over-time series is folded from. */
export const CHART_CHANGES = 1000;

/** One category's share of the stock. */
export const CategoryStockSchema = z.object({
  category: z.string(),
  books: z.number().int().min(0),
  copies: z.number().min(0),
  /** Price x stock, summed, in dollars (counted in whole cents, as the tiles are). */
  value: z.number().min(0),
});
export type CategoryStock = z.infer<typeof CategoryStockSchema>;

/** The whole stock after one history entry that moved a stock or a price. */
export const StockPointSchema = z.object({
  /** The entry's time (ISO 8601). */
  time: z.string(),
  /** The entry's task label and book, as the history lists them. */
  task: z.string(),
  bookName: z.string(),
  copies: z.number(),
  value: z.number(),
  /** The stock valued at cost (GET /stats' costValue) after the entry. */
  costValue: z.number(),
});
export type StockPoint = z.infer<typeof StockPointSchema>;

/**
 * GET /stats/chart: the Chart page's figures over every book. `totals` are the dashboard's tiles (GET /stats),
 * so the chart's total is the dashboard's; `categories` plus `otherCategories` add up to them.
 */
export const StockChartSchema = z.object({
  totals: StatsSchema,
  /** The CHART_CATEGORIES categories with the largest stock value, largest first. */
  categories: z.array(CategoryStockSchema),
  /** Every other category, summed (`categories`: how many). */
  otherCategories: z.object({
    categories: z.number().int().min(0),
    books: z.number().int().min(0),
    copies: z.number().min(0),
    value: z.number().min(0),
  }),
  /** The CHART_LEAST_STOCKED books with the least stock, fewest first. */
  leastStocked: z.array(z.object({ _id: ObjectIdSchema, bookName: z.string(), stockQuantity: z.number().int() })),
  /** Total copies and stock value after each of the latest changes of a stock or price, oldest first; the last is `totals`. */
  overTime: z.array(StockPointSchema),
  /** Whether older changes than those of `overTime` exist (left out). */
  olderChangesLeftOut: z.boolean(),
});
export type StockChart = z.infer<typeof StockChartSchema>;

/**
 * GET /stats/chart as answered: the chart, or, while a blind count is counting, for callers other than admins, the
 * hidden tiles and `hidden` saying why (every series sums or orders the stock it counts).
 */
export const StockChartAnswerSchema = z.union([StockChartSchema, z.object({ totals: StatsAnswerSchema, hidden: z.string() })]);
