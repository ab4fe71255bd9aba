/** The one place that names generated API types; regenerating api-types.ts only touches this file. */
import type { components } from './api-types';

type Schemas = components['schemas'];

export type Token = Schemas['Token'];
export type UiSettings = Schemas['UiSettings'];
export type CurrentUser = Schemas['CurrentUser'];
export type ClientSummary = Schemas['ClientSummary'];
export type Client = Schemas['Client'];
export type User = Schemas['User'];
export type UserCreate = Schemas['UserCreate'];
export type UserUpdate = Schemas['UserUpdate'];
export type Job = Schemas['Job'];
export type JobState = Job['state'];
export type ResultMail = Schemas['ResultMail'];
export type ApiErrorBody = Schemas['Error'];
export type Role = User['role'];
export type PermissionName = NonNullable<UserCreate['permissions']>[number];
export type RequestLogEntry = Schemas['RequestLogEntry'];
export type RequestLogList = Schemas['RequestLogList'];
export type ItemSummary = Schemas['ItemSummary'];
/** UPC, SKU and name are required columns; the answer schema shares its nullable field list with the inputs. */
export type ItemType = Schemas['ItemType'] & { upc: string; sku: string; name: string };
export type ItemChild = Schemas['ChildItem'];
export type ItemParent = Schemas['ParentItem'];
export type InventoryRow = Schemas['InventoryRow'];
export type OpenAsn = Schemas['OpenAsn'];
export type OpenShipment = Schemas['OpenShipment'];
export type ImportReport = Schemas['ImportReport'];
export type ShopConnection = Schemas['ShopConnection'];
export type ShopInstallResult = Schemas['InstallResult'];
export type NotificationSettings = Schemas['NotificationSettings'];
export type ReportSummary = Schemas['ReportSummary'];
export type ReportType = ReportSummary['report_type'];
/** A report; its SQL and author only come back for admins. */
export type Report = Omit<Schemas['Report'], 'query' | 'created_by_username'> &
  Partial<Pick<Schemas['Report'], 'query' | 'created_by_username'>>;
export type ReportWrite = Schemas['ReportWrite'];
export type ReportRunResult = Schemas['RunResult'];
export type ReportSchedule = Schemas['ReportSchedule'];
export type ReportScheduleWrite = Schemas['ReportScheduleWrite'];
export type ScheduleRun = Schemas['ScheduleRun'];
export type CronPreview = Schemas['CronPreview'];
export type FulfillmentRequest = Schemas['RequestOut'];
export type FulfillmentRequestList = Schemas['RequestList'];
export type FulfillmentRequestUpdate = Schemas['RequestUpdate'];
export type Shipment = Schemas['ShipmentOut'];
export type RequestSetItem = Schemas['SetItemOut'];
export type SetUpdate = Schemas['SetUpdate'];
export type ReturnLabelWrite = Schemas['ReturnLabelWrite'];
export type ShipProfile = Schemas['ShipProfile'];
export type Carrier = Schemas['Carrier'];
export type BulkColumn = Schemas['BulkColumn'];
export type RequestWrite = Schemas['RequestWrite'];
export type Address = Schemas['Address'];
export type ShipToAddress = Schemas['ShipToAddress'];
export type AddressValidation = Schemas['AddressValidation'];
/** The answer to a fixed address; the request is there only when the address was stored. */
export type AddressChange = Omit<Schemas['AddressChange'], 'fulfillment_request'> & {
  fulfillment_request: FulfillmentRequest | null;
};
export type ZipLookup = Schemas['ZipLookup'];
export type ShipmentDetail = Schemas['ShipmentDetail'];
export type ShipmentRow = Schemas['ShipmentRow'];
export type ShipmentList = Schemas['ShipmentList'];
export type ShipmentStatusChange = Schemas['StatusChange'];
export type ShipmentHistory = Schemas['ShipmentHistory'];
export type ShipmentComment = Schemas['Comment'];
export type ShipmentCommentList = Schemas['CommentList'];
export type EdiDetails = Schemas['EdiDetails'];
export type EdiDetailsWrite = Schemas['EdiDetailsWrite'];
export type DocumentUpload = Schemas['DocumentUpload'];
export type LabelUpload = Schemas['LabelUpload'];
/** The answer to a changed shipment address; the shipment is there only when the address was stored. */
export type ShipmentAddressChange = Omit<Schemas['ShipmentAddressChange'], 'shipment'> & { shipment: ShipmentDetail | null };
export type BreadcrumbList = Schemas['BreadcrumbList'];
export type ShipmentGroup = Schemas['ShipmentGroupOut'];
export type ShipmentGroupRow = Schemas['ShipmentGroupRow'];
export type ShipmentGroupList = Schemas['ShipmentGroupList'];
export type GroupShipment = Schemas['GroupShipment'];
export type GroupCheck = Schemas['GroupCheck'];
export type GroupAddressChange = Schemas['GroupAddressChange'];
export type ShipmentAddress = Schemas['ShipmentAddress'];
