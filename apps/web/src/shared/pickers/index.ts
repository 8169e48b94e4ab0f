export { BizSelect, type BizSelectProps } from './BizSelect.tsx';
export { CategorySelect, type CategorySelectProps } from './CategorySelect.tsx';
export { CompanySelect, type CompanySelectProps } from './CompanySelect.tsx';
export { type CheckMode, DepartSelect, type DepartSelectProps } from './DepartSelect.tsx';
export { PickerTrigger, type PickerTriggerProps } from './PickerTrigger.tsx';
export { RegionPicker, type RegionPickerProps } from './RegionPicker.tsx';
export { UserPicker, type UserPickerProps } from './UserPicker.tsx';
export { UserSelectModal, type UserSelectModalProps } from './UserSelectModal.tsx';
