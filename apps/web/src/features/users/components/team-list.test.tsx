import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { testAccount } from '../../../test/fixtures';
import { json, renderWithApp, stubFetch } from '../../../test/render-with-app';
import { TeamList } from './team-list';

// The team list of 'Manage Team': an account ADMIN_EMAILS names is an admin only once its e-mail is verified.

const admin = testAccount({ uid: 'uid-admin', email: 'admin@example.com', name: 'Ada Admin', role: 'admin', emailVerified: true });
const pending = testAccount({ uid: 'uid-pat', email: 'pat@example.com', name: 'Pat Pending', role: 'staff', pendingAdminByConfig: true });

afterEach(() => vi.unstubAllGlobals());

describe('TeamList', () => {
  it('says why an account named in ADMIN_EMAILS with an unverified e-mail is not admin yet, and lets its role be changed', async () => {
    stubFetch(() => json([admin, pending]));
    renderWithApp(<TeamList />, { path: paths.dashboard.team, account: admin });
    const row = (await screen.findByText('pat@example.com')).closest('li')!;
    expect(row).toHaveTextContent('Named in ADMIN_EMAILS; becomes admin once its e-mail is verified');
    expect(within(row).getByLabelText('Role of pat@example.com')).toHaveValue('staff');
    expect(within(row).queryByText("Admin through the server's ADMIN_EMAILS setting")).not.toBeInTheDocument();
    const adminRow = screen.getByText('admin@example.com').closest('li')!;
    expect(adminRow).not.toHaveTextContent('Named in ADMIN_EMAILS');
  });
});
