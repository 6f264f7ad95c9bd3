import { foldText } from '../../db/fold.js';

/** A header as compared: folded (no case, no accents) and without spaces or punctuation ("Nº de Sócio" -> "ndesocio"). */
export const headerKey = (header: string): string => foldText(header).replace(/[^a-z0-9]/g, '');

/**
 * Other names spreadsheets give a member field's column, beside the field's own label and
 * name (which always match): Portuguese, English and Galette's export (`nom_adh`...). Keyed by
 * field name; a name here that is no field of the resource is never offered (a test keeps the
 * keys honest). Earlier names win when two columns would fill a field that takes one value.
 */
export const MEMBER_HEADER_NAMES: Readonly<Record<string, readonly string[]>> = {
  number: ['Número de sócio', 'N.º de sócio', 'Nº sócio', 'N.º', 'Nº', 'Sócio n.º', 'Num sócio', 'Número de associado', 'Número de cooperador', 'Member number', 'Membership number', 'num_adh'],
  name: ['Nome completo', 'Nome', 'Name', 'Full name', 'Apelido', 'Sobrenome', 'Last name', 'Surname', 'Family name', 'nom_adh', 'Primeiro nome', 'Nome próprio', 'First name', 'Given name', 'prenom_adh'],
  email: ['E-mail', 'Email', 'Correio eletrónico', 'Correio electrónico', 'Mail', 'email_adh'],
  phone: ['Telemóvel', 'Telemovel', 'Tlm', 'Tlm.', 'Telefone', 'Tel', 'Tel.', 'Contacto', 'Contacto telefónico', 'Mobile', 'Mobile phone', 'Phone', 'gsm_adh', 'tel_adh'],
  nif: ['NIF', 'Contribuinte', 'N.º de contribuinte', 'Número de contribuinte', 'NIF/NIPC', 'Tax number', 'VAT number'],
  birth_date: ['Data de nascimento', 'Nascimento', 'Data nasc.', 'Birth date', 'Date of birth', 'Birthday', 'ddn_adh'],
  address: ['Morada', 'Endereço', 'Rua', 'Address', 'Street', 'adresse_adh'],
  postal_code: ['Código postal', 'Cód. postal', 'CP', 'Postal code', 'Zip', 'Zip code', 'Postcode', 'cp_adh'],
  locality: ['Localidade', 'Cidade', 'Concelho', 'Povoação', 'City', 'Town', 'Locality', 'ville_adh'],
  country: ['País', 'Country', 'Nacionalidade', 'pays_adh'],
  state: ['Estado', 'Situação', 'Estado do sócio', 'Status', 'Member status'],
  admission_date: ['Data de admissão', 'Admissão', 'Data de inscrição', 'Inscrição', 'Data de entrada', 'Sócio desde', 'Admission date', 'Join date', 'Joined', 'Member since', 'date_crea_adh'],
  fee_category: ['Categoria', 'Categoria de quota', 'Tipo de quota', 'Tipo de sócio', 'Quota', 'Category', 'Membership type', 'Fee category'],
  dues_exempt: ['Isento', 'Isento de quotas', 'Isenção', 'Exempt', 'bool_exempt_adh'],
  tags: ['Etiquetas', 'Etiqueta', 'Grupos', 'Tags', 'Groups'],
  notes: ['Notas', 'Observações', 'Obs.', 'Comentários', 'Notes', 'Comments', 'info_adh'],
};

/**
 * Headers that hold a first name: joined into one field with other columns, they come first
 * ("prenom_adh" before "nom_adh": Ana Silva, not Silva Ana).
 */
const GIVEN_NAMES = new Set(['Primeiro nome', 'Nome próprio', 'First name', 'Given name', 'prenom_adh', 'Nomes próprios'].map(headerKey));

export const isGivenName = (header: string): boolean => GIVEN_NAMES.has(headerKey(header));
