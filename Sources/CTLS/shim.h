#ifndef CHAT_CTLS_SHIM_H
#define CHAT_CTLS_SHIM_H

// OpenSSL 3 (Debian's libssl-dev). Several calls chat needs are function-like macros over
// SSL_ctrl, SSL_CTX_ctrl and BIO_ctrl, which Swift does not import: the accessors below give
// them real signatures.
#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509_vfy.h>
#include <openssl/x509v3.h>

/// Sends `name` as the Server Name Indication extension.
static inline int chat_SSL_set_tlsext_host_name(SSL *ssl, const char *name) {
  return (int)SSL_set_tlsext_host_name(ssl, name);
}

/// The lowest protocol version the context will negotiate (TLS1_2_VERSION for chat).
static inline int chat_SSL_CTX_set_min_proto_version(SSL_CTX *context, int version) {
  return (int)SSL_CTX_set_min_proto_version(context, version);
}

/// Makes an empty memory BIO report "retry later" instead of end of file, as a socket would.
static inline int chat_BIO_set_mem_eof_return(BIO *bio, int value) {
  return (int)BIO_set_mem_eof_return(bio, value);
}

/// How many bytes a memory BIO holds.
static inline size_t chat_BIO_pending(BIO *bio) {
  return BIO_ctrl_pending(bio);
}

#endif
