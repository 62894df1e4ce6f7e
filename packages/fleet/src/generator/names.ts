// Word pools for believable names, kept as '|'-separated text so the lists stay readable.

const list = (text: string): string[] => text.split('|');

export const FIRST_NAMES = list(
  'James|Mary|John|Patricia|Robert|Jennifer|Michael|Linda|David|Elizabeth|William|Barbara|Richard|' +
    'Susan|Joseph|Jessica|Thomas|Sarah|Carlos|Karen|Daniel|Lisa|Matthew|Nancy|Anthony|Sandra|Mark|' +
    'Ashley|Steven|Emily|Paul|Donna|Andrew|Michelle|Joshua|Carol|Kevin|Amanda|Brian|Melissa|George|' +
    'Deborah|Timothy|Stephanie|Ryan|Rebecca|Jacob|Laura|Gary|Sharon|Nicholas|Cynthia|Eric|Kathleen|' +
    'Jonathan|Amy|Priya|Angela|Wei|Helen|Omar|Anna|Lukas|Sofia|Mateo|Chloe|Noah|Fatima|Ethan|Grace|' +
    'Hiroshi|Olivia|Raj|Emma|Diego|Isabel|Liam|Ava|Sean|Nora',
);

export const LAST_NAMES = list(
  'Smith|Johnson|Williams|Brown|Jones|Garcia|Miller|Davis|Rodriguez|Martinez|Hernandez|Lopez|' +
    'Gonzalez|Wilson|Anderson|Thomas|Taylor|Moore|Jackson|Martin|Lee|Perez|Thompson|White|Harris|' +
    'Sanchez|Clark|Ramirez|Lewis|Robinson|Walker|Young|Allen|King|Wright|Scott|Torres|Nguyen|Hill|' +
    'Flores|Green|Adams|Nelson|Baker|Hall|Rivera|Campbell|Mitchell|Carter|Roberts|Patel|Chen|' +
    'Kowalski|Novak|Schmidt|Murphy|Okafor|Tanaka|Singh|Kim|Olsen|Fischer|Dubois|Rossi|Costa|Byrne|' +
    'Walsh|Kaur|Ali|Sato',
);

export const COMPANY_STEMS = list(
  'Acme|Northwind|Blue Ridge|Cedar Point|Summit|Harborview|Lakeside|Ironwood|Redwood|Silver Creek|' +
    'Pinecrest|Granite|Oakmont|Riverside|Maple Leaf|Sterling|Keystone|Crescent|Evergreen|Westfield|' +
    'Brookline|Falcon|Horizon|Meridian|Beacon|Pioneer|Atlas|Bayshore|Canyon|Clearwater|Driftwood|' +
    'Eastgate|Foxhall|Glenwood|Highland|Juniper|Kingsley|Larkspur|Millbrook|Northgate|Orchard|' +
    'Prairie|Quarry|Rockport|Sandstone|Tidewater|Union Square|Valley|Willow|Yellowstone|Apex|' +
    'Bridgewater|Coastal|Delta|Elmwood|Fairview|Greystone|Hawthorne|Ivy Lane|Jasper|Kestrel|' +
    'Lighthouse|Magnolia|Newport|Oceanic|Parkside|Queensbury|Ridgeline|Seaside|Trinity|Upland|' +
    'Vanguard|Whitmore|Baker & Lowe|Hartley|Prescott|Whitaker|Morrison|Ashford|Belmont|Carlisle|' +
    'Dalton|Ellison|Fulton|Garrison|Holloway|Irving',
);

export const COMPANY_TRADES = list(
  'Dental Group|Family Medicine|Veterinary Clinic|Law Group|Legal LLP|Accounting|CPA Partners|' +
    'Logistics|Freight|Manufacturing|Machine Works|Construction|Builders|Realty|Property Management|' +
    'Insurance Agency|Financial Advisors|Credit Union|Architects|Engineering|Landscaping|' +
    'Plumbing & Heating|Electric|Auto Group|Motors|Hotel & Suites|Restaurant Group|Brewing Co.|' +
    'Bakery|Pharmacy|Orthodontics|Eye Care|Physical Therapy|Senior Living|Academy|Montessori School|' +
    'Church|Foundation|Marketing|Design Studio|Printing|Supply Co.|Distributors|Wholesale|Outfitters|' +
    'Home Health|Title & Escrow|Surveying|Labs|Pediatrics|Chiropractic|Dermatology|Imaging Center|' +
    'Transport',
);

export const COMPANY_SUFFIXES = list('|||| LLC| Inc.| Ltd| Co.| PLLC| Group');

export const MSP_STEMS = list(
  'Brightline|Harbor|Copperleaf|Bluewave|Netsmart|Clearpath|Ironclad|Skyward|Trustpoint|Datavault|' +
    'Keystone|Fortress|Lighthouse|Northstar|Pinnacle|Sentinel|Tidal|Vertex|Wavelength|Zenith|Anchor|' +
    'Bastion|Cobalt|Everbright|Frontier|Guardian|Helix|Lumen|Mosaic|Nimbus|Orbit|Paragon|Quantum|' +
    'Redline|Summit|Titan|Upstream',
);

export const MSP_TRADES = list(
  'IT Services|Managed Solutions|Technology Group|Networks|Computer Services|Tech Partners|' +
    'IT Solutions|Systems|Cloud Services|Consulting|Data Services|Business IT',
);

export const DISTRIBUTOR_NAMES = list(
  'Summit Channel Partners|Apex Distribution|Continental IT Distribution|Pacific Channel Group|' +
    'Atlantic Tech Supply|Meridian Channel|Northern Lights Distribution|Great Lakes IT Supply|' +
    'Southern Cross Channel|Alpine Distribution|Evergreen Channel Partners|Harbor Bridge Supply',
);

export const CITIES = list(
  'Springfield|Riverton|Fairfield|Madison|Georgetown|Franklin|Clinton|Arlington|Salem|Bristol|' +
    'Dover|Ashland|Burlington|Milton|Oxford|Hudson|Kingston|Lexington',
);

export const DEPARTMENTS = list(
  'Accounting|Finance|HR|Sales|Marketing|Operations|Engineering|Legal|Management|Projects|Scans|' +
    'Shared|IT|Customer Service|Purchasing|Quality',
);

/** Hostname prefixes by role. */
export const SERVER_ROLES = list('DC|FS|SQL|APP|EXCH|RDS|PRINT|WEB|ERP|QB|HV|BK');

/** Hostname prefixes by role. */
export const LINUX_ROLES = list('web|db|git|mail|app|files|mon');
