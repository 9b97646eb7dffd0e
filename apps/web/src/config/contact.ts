// The official contact details, defined once (docs/rules.md, About page): the footer, the
// 'Working Together' page and the printed reorder list read them from here.
export const contact = {
  name: 'Book Warehouse',
  address: '1450 Harbor Logistics Way, Unit 12, Oakland, CA 94607',
  email: 'support@bookwarehouse.dev',
  phone: '+1 (555) 014-2270',
  hours: 'Sat-Thu 10:00 AM to 7:00 PM',
} as const;

/** The phone number as a `tel:` URI (digits and a leading plus only). */
export const contactPhoneHref = `tel:${contact.phone.replace(/[^\d+]/g, '')}`;

/** The e-mail as a `mailto:` URI. */
export const contactEmailHref = `mailto:${contact.email}`;
