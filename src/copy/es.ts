/**
 * The Spanish copy of the demo-request form: neutral Latin American Spanish, addressing the
 * visitor as `usted`. Its shape is English's (`FormCopy`), so a string left out is a type error.
 */

import type { FormCopy } from '#core/en.ts'
import { leadFields, phoneDigits } from '#core/lead-fields.ts'
import { numberFormat } from '#core/number-format.ts'

// Every string that quotes a number is a getter: see number-format.ts.
const number = numberFormat('es')

// Quotes the catalogue's own limit, so the message and the rule cannot disagree.
const atMost = (name: string, field: keyof typeof leadFields) =>
  `${name} debe tener como máximo ${number(leadFields[field].max)} caracteres`

/** Every label, placeholder, message and toast the form shows, in Spanish. */
export const es: FormCopy = {
  name: 'Español',
  label: 'Solicitar una demostración',
  fields: {
    firstName: { label: 'Nombre', placeholder: 'Ingrese su nombre' },
    lastName: { label: 'Apellido', placeholder: 'Ingrese su apellido' },
    email: { label: 'Correo electrónico laboral', placeholder: 'Ingrese su correo laboral' },
    phone: { label: 'Teléfono', placeholder: 'Ingrese su número de teléfono' },
    companyName: { label: 'Nombre de la firma', placeholder: 'Ingrese el nombre de su firma' },
    role: { label: 'Cargo', placeholder: 'Ingrese su cargo' },
    companySize: { label: 'Tamaño de la firma', placeholder: 'Seleccione el tamaño' },
    message: {
      label: 'Mensaje',
      placeholder: '¿Hay algo que debamos saber antes de la demostración?',
    },
  },
  companySizes: {
    get '1-5 employees'() {
      return `${number(1)} a ${number(5)} empleados`
    },
    get '6-50 employees'() {
      return `${number(6)} a ${number(50)} empleados`
    },
    get '50-200 employees'() {
      return `${number(50)} a ${number(200)} empleados`
    },
    get '200+ employees'() {
      return `${number(200)} o más empleados`
    },
  },
  messages: {
    firstName: {
      required: 'El nombre es obligatorio',
      get tooLong() {
        return atMost('El nombre', 'firstName')
      },
      letterOrDigit: 'El nombre debe contener al menos una letra o un número',
    },
    lastName: {
      required: 'El apellido es obligatorio',
      get tooLong() {
        return atMost('El apellido', 'lastName')
      },
      letterOrDigit: 'El apellido debe contener al menos una letra o un número',
    },
    email: {
      required: 'El correo electrónico laboral es obligatorio',
      get tooLong() {
        return atMost('El correo electrónico', 'email')
      },
      invalid: 'Ingrese un correo electrónico como nombre@firma.com',
    },
    phone: {
      required: 'El número de teléfono es obligatorio',
      get tooLong() {
        return atMost('El número de teléfono', 'phone')
      },
      invalid: 'Use solo dígitos, espacios y + ( ) - . en el número de teléfono',
      get digits() {
        return `Un número de teléfono tiene entre ${number(phoneDigits.min)} y ${number(phoneDigits.max)} dígitos`
      },
    },
    companyName: {
      required: 'El nombre de la firma es obligatorio',
      get tooLong() {
        return atMost('El nombre de la firma', 'companyName')
      },
      letterOrDigit: 'El nombre de la firma debe contener al menos una letra o un número',
    },
    role: {
      required: 'El cargo es obligatorio',
      get tooLong() {
        return atMost('El cargo', 'role')
      },
      letterOrDigit: 'El cargo debe contener al menos una letra o un número',
    },
    companySize: { required: 'Seleccione el tamaño de la firma' },
    message: {
      required: 'El mensaje es obligatorio',
      get tooLong() {
        return atMost('El mensaje', 'message')
      },
    },
  },
  anyField: {
    controlCharacters: 'Elimine los caracteres invisibles inusuales',
    directionControls: 'Vuelva a escribir el texto sin caracteres ocultos de dirección',
    notCollected:
      'Por ahora no podemos recibir este campo. Déjelo vacío si puede, o contáctenos por otra vía.',
  },
  honeypotLabel: 'Deje este campo vacío',
  submit: 'Solicitar demostración',
  submitting: 'Enviando…',
  privacy: {
    text: 'Usamos estos datos solo para coordinar su demostración.',
    link: 'Política de privacidad',
  },
  needsJavaScript:
    'Para enviar este formulario se necesita JavaScript. Actívelo en su navegador y vuelva a cargar la página.',
  optional: '(opcional)',
  success: {
    title: '¡Solicitud enviada!',
    description: 'Gracias por su interés. Nos pondremos en contacto con usted muy pronto.',
  },
  failure: {
    title: 'No se pudo enviar la solicitud',
    description: 'Ocurrió un error al enviar su solicitud. Inténtelo de nuevo.',
  },
  dismiss: 'Cerrar notificación',
  notifications: 'Notificaciones',
  booking: {
    heading: 'Elija un horario para su demostración',
    requestedHeading: 'Su horario está solicitado',
    messageHeading: 'Próximos pasos',
    intro: 'Completamos los datos que nos indicó. Elija el horario que más le convenga.',
    loading: 'Cargando la página de reservas…',
    slow: 'Sigue cargando. También puede abrir la página de reservas en una pestaña nueva.',
    frameTitle: {
      cal: 'Página de reservas de Cal.com',
      calendly: 'Página de reservas de Calendly',
    },
    booked: 'Su demostración está agendada. Recibirá la confirmación en su correo.',
    requested:
      'Su horario está solicitado, aún no confirmado: le llegará un correo al confirmarse.',
    payment:
      'Su demostración quedará agendada una vez realizado el pago: pague en la página de reservas a continuación.',
    blocked: 'La página de reservas no puede abrirse dentro de esta página.',
    linkOnly: 'Nuestra página de reservas se abre en su propio sitio.',
    openInNewTab: 'Abrir la página de reservas en una pestaña nueva',
    notNow: 'Ahora no',
    close: 'Cerrar',
  },
}
