// No zod here: the web app's landing page (the card buttons) imports this file on its own, without the schemas.

/**
 * What an account may do (docs/decisions/009-roles.md): `staff` and `admin` every dashboard action, `admin`
 * also the team's roles; a `viewer` sees the dashboard, stock and history but changes nothing.
 */
export const ROLES = ['admin', 'staff', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** Whether a role may change books and stock. */
export const canChangeStock = (role: Role): boolean => role === 'staff' || role === 'admin';

/** The 403 a viewer gets for any write, and what the web app says on the screens that would write. */
export const VIEWER_CANNOT_WRITE = 'Your account can view stock but not change it; ask an admin for the staff role';

/** The history entry of a role change. */
export const roleChangedTask = (email: string, role: Role) => `Role of ${email} set to ${role}`;
