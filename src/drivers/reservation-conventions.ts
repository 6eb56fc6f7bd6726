// The built-in reservation format's conventions, as sentences for the report: takes nothing,
// gives them. Apart from mock-cm/reservation-render.ts so that the runner's report note does not load
// the mock channel manager (and the reference OTA it renders with) on an OTA run.
export const BUILT_IN_RESERVATION_CONVENTIONS: readonly string[] = [
  'room id: Rooms[].ChannelRoomType (the channel room id as a string); rate plan: Rooms[].DayRates[].RateId',
  'dates: Rooms[].StartDate is the arrival (first night); Rooms[].EndDate is the LAST NIGHT, not the departure day (departure = EndDate + 1 day)',
  'prices: Rooms[].DayRates[].Rate per unit and night; Rooms[].Price = sum of DayRates Rate x Units; TotalPrice = sum of Rooms[].Price',
  'status: IsCancellation and IsModification are 0 or 1; OrderDate/OrderTime are UTC',
  'guests: Customers[] with CustomerFName, CustomerLName, CustomerEmail, CustomerCountry (ISO alpha-2); Payments is not sent',
];
