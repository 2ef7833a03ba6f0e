/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Scope-based cleanup as the modern kernel's <linux/cleanup.h> offers it:
 * guard(name)(args) holds a lock until the end of the scope,
 * scoped_guard(name, args) { } for the statement that follows. A guard
 * class is defined with DEFINE_GUARD(name, type, lock, unlock) or, for
 * the irqsave forms that keep flags, DEFINE_LOCK_GUARD_1(). Built on GCC's
 * cleanup attribute, as the kernel's is.
 */
#ifndef _GENIRQ6_LINUX_CLEANUP_H
#define _GENIRQ6_LINUX_CLEANUP_H

#define __genirq6_cat2(a, b) a##b
#define __genirq6_cat(a, b) __genirq6_cat2(a, b)
#define __UNIQUE_ID(prefix) __genirq6_cat(__genirq6_cat(prefix, _), __COUNTER__)

/* A guard's state: the lock and, for irqsave, the flags. */
#define DEFINE_LOCK_GUARD_1(_name, _type, _lock, _unlock, ...)                \
	typedef struct {                                                      \
		_type *lock;                                                  \
		__VA_ARGS__;                                                  \
	} class_##_name##_t;                                                  \
	static inline void class_##_name##_destructor(class_##_name##_t *_T)  \
	{                                                                     \
		if (_T->lock) {                                               \
			_unlock;                                              \
		}                                                             \
	}                                                                     \
	static inline class_##_name##_t class_##_name##_constructor(_type *l) \
	{                                                                     \
		class_##_name##_t _t = { .lock = l }, *_T = &_t;              \
		_lock;                                                        \
		return _t;                                                    \
	}

#define DEFINE_GUARD(_name, _type, _lock, _unlock) \
	DEFINE_LOCK_GUARD_1(_name, _type, _lock(_T->lock), _unlock(_T->lock))

#define CLASS(_name, var)                                                      \
	class_##_name##_t var                                                  \
		__attribute__((cleanup(class_##_name##_destructor), unused)) = \
			class_##_name##_constructor

#define guard(_name) CLASS(_name, __UNIQUE_ID(guard))

#define __scoped_guard(_name, _id, ...)              \
	for (CLASS(_name, _id)(__VA_ARGS__),         \
	     *__genirq6_cat(_id, _done) = (void *)0; \
	     !__genirq6_cat(_id, _done);             \
	     __genirq6_cat(_id, _done) = (void *)1)

#define scoped_guard(_name, ...) \
	__scoped_guard(_name, __UNIQUE_ID(scope), __VA_ARGS__)

#endif /* _GENIRQ6_LINUX_CLEANUP_H */
