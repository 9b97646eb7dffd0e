/** Card descriptions: cut to 50 characters plus ' ...' when 50 or longer (spec section 9). */
const DESCRIPTION_LIMIT = 50;

export const truncateDescription = (text: string): string =>
  text.length >= DESCRIPTION_LIMIT ? `${text.slice(0, DESCRIPTION_LIMIT)} ...` : text;

/** Stock below 1 reads 'Out of Stock'. */
export const isOutOfStock = (stock: number): boolean => stock < 1;
