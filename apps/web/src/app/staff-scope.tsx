import { Outlet } from 'react-router';
import { StaffSwitcher } from '../features/business/components/staff-switcher';
import { useStaffChoice } from '../features/business/use-staff-choice';

/**
 * The provider pages an owner may open for a staff member (docs/product.md §13.1): the
 * business's staff switcher above the page, which then acts for the chosen person. A `?staff=`
 * that is not the owner's staff is dropped before the page asks for anything.
 */
export function StaffScope() {
  const choice = useStaffChoice();
  return (
    <>
      <StaffSwitcher choice={choice} />
      {choice.ready ? <Outlet /> : null}
    </>
  );
}
