// Every word <associa-member-home> shows, in pt-PT. The member word comes from terminology.
export const MEMBER_HOME_TEXTS = {
  title: 'Os meus dados',
  greeting: (name: string) => `Olá, ${name}.`,
  number: (singular: string, number: string) => `${singular} n.º ${number}`,
  editProfile: 'Editar Perfil',
  notLinked: (singular: string) => `A sua conta não está associada a nenhuma ficha de ${singular.toLowerCase()}.`,
  loadFailed: 'Não foi possível carregar os seus dados.',
  notGiven: 'Não indicado',
  sections: {
    contacts: 'Contactos',
    identification: 'Identificação',
    address: 'Morada',
    membership: 'Inscrição',
  },
  fields: {
    email: 'Email',
    phone: 'Telefone',
    nif: 'NIF',
    birthDate: 'Data de nascimento',
    address: 'Morada',
    postalCode: 'Localidade',
    country: 'País',
    state: 'Estado',
    admissionDate: 'Data de admissão',
  },
  defaultSingular: 'Sócio',
} as const;
