# arbiter_library(NAME [DEPS ...]): one library target per folder (engine, its header-only
# vocabulary, adjudication, and one per concern under pairing/).
# Public headers live in <folder>/include/arbiter/<library>/ (arbiter/pairing/ for every pairing
# concern), sources in <folder>/src/ (globbed, so adding a file needs no CMake edit). A target sees
# only its own sources and the public headers of the targets it depends on.
function(arbiter_library name)
  cmake_parse_arguments(ARG "" "" "DEPS;PRIVATE_DEPS" ${ARGN})
  file(GLOB_RECURSE srcs CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/src/*.cpp)
  if(NOT srcs)
    # Nothing implemented yet: a header-only interface target keeps the layout buildable.
    add_library(${name} INTERFACE)
    add_library(arbiter::${name} ALIAS ${name})
    target_include_directories(${name} INTERFACE $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/include>
                                                 $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
    target_link_libraries(${name} INTERFACE ${ARG_DEPS})
    target_compile_features(${name} INTERFACE cxx_std_20)
    install(TARGETS ${name} EXPORT arbiterTargets)
    install(DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
    return()
  endif()
  add_library(${name} STATIC ${srcs})
  add_library(arbiter::${name} ALIAS ${name})
  set_target_properties(${name} PROPERTIES OUTPUT_NAME arbiter_${name} POSITION_INDEPENDENT_CODE ON)
  target_include_directories(${name}
    PUBLIC $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/include>
           $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>
    PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/src)
  target_compile_features(${name} PUBLIC cxx_std_20)
  if(ARG_DEPS)
    target_link_libraries(${name} PUBLIC ${ARG_DEPS})
  endif()
  if(ARG_PRIVATE_DEPS)
    target_link_libraries(${name} PRIVATE ${ARG_PRIVATE_DEPS})
  endif()
  install(TARGETS ${name} EXPORT arbiterTargets
          ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
  install(DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
endfunction()
