// The system catalog every organisation sees (read-only): project types, their default phase
// groups, and line-item templates per trade. Percentages of each group total 100. Unit costs
// are typical US contractor prices (materials or labour per unit), a starting point to adjust.

type Phase = [name: string, percentage: string, description: string, costCodes: string]
type Group = { key: string; name: string; description: string; phases: Phase[] }
type ProjectTypeSeed = { key: string; name: string; description: string; icon: string; group: string }
type Item = [name: string, quantity: string, unit: string, cost: string, description?: string]
type TemplateSeed = { key: string; name: string; description: string; category: string; sections: { name: string; description?: string; items: Item[] }[] }

export const PHASE_GROUPS: Group[] = [
  {
    key: 'residential',
    name: 'Residential New Construction',
    description: 'Phases of a new single-family home build',
    phases: [
      ['Pre-construction & Permits', '5.00', 'Plans, engineering, permits and site survey', '01-100,01-300'],
      ['Site Work & Foundation', '15.00', 'Excavation, grading, footings and foundation', '02-000,03-000'],
      ['Framing', '20.00', 'Floor, wall and roof framing, sheathing', '06-100'],
      ['MEP Rough-in', '15.00', 'Plumbing, electrical and HVAC rough-in', '15-000,16-000'],
      ['Exterior & Roofing', '12.00', 'Roofing, windows, doors, siding', '07-000,08-000'],
      ['Interior Finishes', '25.00', 'Drywall, paint, flooring, cabinets, trim, fixtures', '09-000,12-000'],
      ['Final Inspection & Closeout', '8.00', 'Inspections, punch list, cleaning, handover', '01-700'],
    ],
  },
  {
    key: 'remodeling',
    name: 'Remodeling & Renovation',
    description: 'Phases of a kitchen, bath or whole-home remodel',
    phases: [
      ['Design & Permits', '8.00', 'Measurements, design, selections and permits', '01-100'],
      ['Demolition', '10.00', 'Protection, demolition and debris removal', '02-200'],
      ['Structural & Rough-in', '22.00', 'Framing changes, plumbing and electrical rough-in', '06-100,15-000,16-000'],
      ['Installation', '35.00', 'Cabinets, fixtures, tile, flooring and appliances', '09-000,12-000'],
      ['Finishes', '20.00', 'Paint, trim, hardware and accessories', '09-900'],
      ['Punch List & Cleanup', '5.00', 'Final walkthrough, touch-ups and cleaning', '01-700'],
    ],
  },
  {
    key: 'maintenance',
    name: 'Maintenance & Repair',
    description: 'Phases of a repair or maintenance job',
    phases: [
      ['Assessment', '10.00', 'Inspection, diagnosis and scope', '01-100'],
      ['Materials & Preparation', '20.00', 'Materials, access and protection', '01-500'],
      ['Repairs', '55.00', 'The repair work itself', '02-000'],
      ['Testing & Cleanup', '15.00', 'Testing, cleanup and sign-off', '01-700'],
    ],
  },
  {
    key: 'fire',
    name: 'Fire Restoration',
    description: 'Phases of fire and smoke damage restoration',
    phases: [
      ['Emergency Board-up & Mitigation', '10.00', 'Board-up, tarping, water extraction and drying', '01-500'],
      ['Smoke & Soot Cleaning', '15.00', 'Soot removal, HEPA vacuuming and contents cleaning', '02-080'],
      ['Demolition & Debris Removal', '15.00', 'Removal of charred and unsalvageable materials', '02-200'],
      ['Structural Repairs', '30.00', 'Framing, sheathing and roof structure repairs', '06-100'],
      ['Rebuild & Finishes', '25.00', 'Drywall, insulation, paint, flooring and fixtures', '09-000'],
      ['Final Cleaning & Deodorization', '5.00', 'Thermal fogging, ozone treatment and final clean', '01-700'],
    ],
  },
  {
    key: 'roofing',
    name: 'Roof Replacement',
    description: 'Phases of a roof tear-off and replacement',
    phases: [
      ['Inspection & Permits', '5.00', 'Roof inspection, measurements and permit', '01-100'],
      ['Tear-off & Disposal', '15.00', 'Removal of old roofing and dumpster', '02-200'],
      ['Deck Repair', '10.00', 'Replacement of damaged decking', '06-100'],
      ['Underlayment & Flashing', '15.00', 'Ice and water shield, underlayment, drip edge and flashing', '07-600'],
      ['Roof Installation', '45.00', 'Shingles, ridge cap and ventilation', '07-300'],
      ['Cleanup & Final Inspection', '10.00', 'Magnetic sweep, cleanup and final inspection', '01-700'],
    ],
  },
  {
    key: 'commercial',
    name: 'Commercial Build-out',
    description: 'Phases of a commercial construction or tenant improvement',
    phases: [
      ['Preconstruction', '5.00', 'Design coordination, submittals and permits', '01-100'],
      ['Sitework', '10.00', 'Site preparation, utilities and paving', '02-000'],
      ['Structure', '25.00', 'Foundations, steel or concrete structure', '03-000,05-000'],
      ['Building Envelope', '15.00', 'Roofing, curtain wall, storefront and insulation', '07-000,08-000'],
      ['MEP Systems', '25.00', 'Mechanical, electrical, plumbing and fire protection', '15-000,16-000'],
      ['Interiors', '15.00', 'Partitions, ceilings, finishes and specialties', '09-000,10-000'],
      ['Closeout', '5.00', 'Commissioning, inspections and turnover', '01-700'],
    ],
  },
]

export const PROJECT_TYPES: ProjectTypeSeed[] = [
  { key: 'residential', name: 'Residential Construction', description: 'New homes, additions and ADUs', icon: 'home', group: 'residential' },
  {
    key: 'remodeling',
    name: 'Remodeling & Renovation',
    description: 'Kitchens, bathrooms, basements and whole-home remodels',
    icon: 'hammer',
    group: 'remodeling',
  },
  { key: 'maintenance', name: 'Maintenance & Repair', description: 'Repairs, service calls and preventive maintenance', icon: 'tools', group: 'maintenance' },
  { key: 'fire', name: 'Fire Restoration', description: 'Fire and smoke damage mitigation and rebuild', icon: 'fire', group: 'fire' },
  { key: 'roofing', name: 'Roofing', description: 'Roof replacement, repair and new roofs', icon: 'home', group: 'roofing' },
  { key: 'commercial', name: 'Commercial', description: 'Commercial construction and tenant improvements', icon: 'building', group: 'commercial' },
]

export const TEMPLATES: TemplateSeed[] = [
  {
    key: 'roofing',
    name: 'Asphalt Shingle Roof Replacement',
    category: 'roofing',
    description: 'Tear-off and replacement of a 2,000 sq ft asphalt shingle roof',
    sections: [
      {
        name: 'Tear-off & Disposal',
        items: [
          ['Remove existing shingles (1 layer)', '2000', 'sqft', '0.85', 'Strip to deck, including felt'],
          ['Dumpster rental and haul-off', '2', 'each', '450.00', '20-yard dumpster'],
          ['Roofing labor – tear-off crew', '16', 'hours', '55.00'],
        ],
      },
      {
        name: 'Decking & Underlayment',
        items: [
          ['Replace damaged OSB decking (7/16")', '10', 'sheets', '32.00'],
          ['Ice & water shield (eaves and valleys)', '400', 'sqft', '1.10'],
          ['Synthetic underlayment', '2000', 'sqft', '0.35'],
          ['Drip edge', '220', 'lnft', '2.25'],
        ],
      },
      {
        name: 'Shingles & Ventilation',
        items: [
          ['Architectural shingles (installed)', '2000', 'sqft', '2.40', '30-year laminated shingles'],
          ['Ridge cap shingles', '60', 'lnft', '4.50'],
          ['Ridge vent', '40', 'lnft', '6.00'],
          ['Pipe boot flashing', '4', 'each', '28.00'],
        ],
      },
      { name: 'Cleanup', items: [['Site cleanup and magnetic nail sweep', '1', 'days', '350.00']] },
    ],
  },
  {
    key: 'painting',
    name: 'Interior Repaint – 3 Bedroom Home',
    category: 'painting',
    description: 'Walls, ceilings and trim of a 1,800 sq ft home',
    sections: [
      {
        name: 'Preparation',
        items: [
          ['Surface prep: patch, sand and caulk', '1800', 'sqft', '0.35'],
          ['Masking and floor protection', '1', 'each', '180.00'],
          ['Primer (stain-blocking)', '600', 'sqft', '0.45', 'Spot prime repairs and stains'],
        ],
      },
      {
        name: 'Walls & Ceilings',
        items: [
          ['Paint walls – 2 coats', '4800', 'sqft', '1.10'],
          ['Paint ceilings – 2 coats', '1800', 'sqft', '1.25'],
        ],
      },
      {
        name: 'Trim & Doors',
        items: [
          ['Paint baseboard and casing', '900', 'lnft', '1.75'],
          ['Paint interior doors (both sides)', '12', 'each', '85.00'],
        ],
      },
      { name: 'Cleanup', items: [['Final cleanup and touch-ups', '6', 'hours', '50.00']] },
    ],
  },
  {
    key: 'general',
    name: 'General Construction – Room Addition',
    category: 'general_construction',
    description: '400 sq ft single-story room addition',
    sections: [
      {
        name: 'Site Work & Foundation',
        items: [
          ['Excavation and grading', '2', 'days', '1200.00'],
          ['Concrete footings and slab', '15', 'yards', '185.00', 'Ready-mix, placed and finished'],
          ['Rebar and forms', '400', 'sqft', '2.10'],
        ],
      },
      {
        name: 'Framing',
        items: [
          ['Wall framing (2x6 @ 16" o.c.)', '120', 'lnft', '28.00'],
          ['Roof trusses', '14', 'each', '210.00'],
          ['Sheathing (OSB)', '60', 'sheets', '30.00'],
          ['Framing labor', '80', 'hours', '60.00'],
        ],
      },
      {
        name: 'Drywall & Insulation',
        items: [
          ['Batt insulation R-21 walls / R-38 ceiling', '1200', 'sqft', '1.40'],
          ['Drywall hang, tape and finish', '1600', 'sqft', '2.25'],
        ],
      },
      {
        name: 'Permits & Cleanup',
        items: [
          ['Building permit and inspections', '1', 'each', '1500.00'],
          ['Debris removal', '3', 'tons', '95.00'],
        ],
      },
    ],
  },
  {
    key: 'electrical',
    name: 'Electrical Panel Upgrade & Circuits',
    category: 'electrical',
    description: '200A service upgrade with new kitchen circuits',
    sections: [
      {
        name: 'Service & Panel',
        items: [
          ['200A main panel with breakers', '1', 'each', '1350.00'],
          ['Meter base and service entrance cable', '1', 'each', '650.00'],
          ['Grounding electrode system', '1', 'each', '275.00'],
        ],
      },
      {
        name: 'Branch Circuits',
        items: [
          ['20A kitchen circuit (12/2 NM-B)', '4', 'each', '285.00'],
          ['GFCI receptacles', '6', 'each', '65.00'],
          ['LED recessed lights (installed)', '8', 'each', '145.00'],
        ],
      },
      {
        name: 'Labor & Permits',
        items: [
          ['Licensed electrician', '24', 'hours', '95.00'],
          ['Electrical permit and inspection', '1', 'each', '350.00'],
        ],
      },
    ],
  },
  {
    key: 'plumbing',
    name: 'Bathroom Plumbing Rough-in & Fixtures',
    category: 'plumbing',
    description: 'Full bathroom supply, drain and fixture set',
    sections: [
      {
        name: 'Rough-in',
        items: [
          ['PEX supply lines', '120', 'lnft', '3.25'],
          ['PVC drain, waste and vent', '80', 'lnft', '7.50'],
          ['Shower valve (pressure balancing)', '1', 'each', '265.00'],
        ],
      },
      {
        name: 'Fixtures',
        items: [
          ['Toilet (installed, with wax ring and supply)', '1', 'each', '425.00'],
          ['Vanity sink faucet', '1', 'each', '210.00'],
          ['Shower trim kit', '1', 'each', '185.00'],
        ],
      },
      {
        name: 'Labor & Permits',
        items: [
          ['Licensed plumber', '20', 'hours', '105.00'],
          ['Plumbing permit', '1', 'each', '250.00'],
        ],
      },
    ],
  },
  {
    key: 'flooring',
    name: 'Flooring – LVP and Tile',
    category: 'flooring',
    description: 'Luxury vinyl plank in living areas, porcelain tile in baths',
    sections: [
      {
        name: 'Removal & Prep',
        items: [
          ['Remove existing carpet and pad', '900', 'sqft', '0.75'],
          ['Floor leveling compound', '200', 'sqft', '1.85'],
        ],
      },
      {
        name: 'Luxury Vinyl Plank',
        items: [
          ['LVP flooring (20 mil wear layer)', '900', 'sqft', '3.49', 'Includes 10% waste'],
          ['LVP installation', '900', 'sqft', '2.25'],
          ['Quarter round and transitions', '300', 'lnft', '2.40'],
        ],
      },
      {
        name: 'Porcelain Tile',
        items: [
          ['Porcelain tile 12x24', '120', 'sqft', '4.75'],
          ['Cement board underlayment', '4', 'sheets', '16.50'],
          ['Tile setting and grout labor', '120', 'sqft', '7.50'],
        ],
      },
    ],
  },
]
