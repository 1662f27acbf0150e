import { Outlet } from 'react-router';
import { StaffSwitcher } from '../features/business/components/staff-switcher';

/**
 * The provider pages an owner may open for a staff member (docs/product.md §13.1): the
 * business's staff switcher above the page, which then acts for the chosen person.
 */
export function StaffScope() {
  return (
    <>
      <StaffSwitcher />
      <Outlet />
    </>
  );
}
